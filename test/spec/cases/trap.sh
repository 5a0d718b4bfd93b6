# trap: listing, resetting, ignoring; EXIT, ERR (with set -E), signals sent to the shell; subshells
# keep only ignored signals and run their own EXIT traps; a trapped signal ends `wait`. DEBUG and
# RETURN are in trap-debug-return.sh.

#### trap -p lists a trap as a command
trap 'echo hi' INT
trap -p
## stdout: trap -- 'echo hi' SIGINT

#### trap with no operands lists too
trap 'echo hi' TERM
trap
## stdout: trap -- 'echo hi' SIGTERM

#### names without SIG, in lower case, numbers
trap 'echo x' int sigterm 1
trap -p
## STDOUT:
trap -- 'echo x' SIGHUP
trap -- 'echo x' SIGINT
trap -- 'echo x' SIGTERM
## END

#### trap -p NAME lists only that one
trap 'echo a' INT
trap 'echo b' TERM
trap -p TERM
## stdout: trap -- 'echo b' SIGTERM

#### quotes in the command are read back
trap "echo 'q'" USR1
trap -p USR1
## stdout: trap -- 'echo '\''q'\''' SIGUSR1

#### trap '' ignores, and lists as ''
trap '' QUIT
trap -p
## stdout: trap -- '' SIGQUIT

#### trap - resets
trap 'echo a' INT
trap - INT
trap -p
echo done
## stdout: done

#### a lone condition resets it
trap 'echo a' INT
trap INT
trap -p
echo done
## stdout: done

#### a number first resets every operand
trap 'echo a' INT TERM
trap 2 15
trap -p
echo done
## stdout: done

#### EXIT, 0 and exit are the same
trap 'echo a' 0
trap -p
trap 'echo b' exit
trap -p
## STDOUT:
trap -- 'echo a' EXIT
trap -- 'echo b' EXIT
b
## END

#### EXIT comes first, then signals, then ERR
trap 'echo e' ERR
trap 'echo t' TERM
trap 'echo x' EXIT
trap -p
## STDOUT:
trap -- 'echo x' EXIT
trap -- 'echo t' SIGTERM
trap -- 'echo e' ERR
x
## END

#### an invalid signal is status 1
trap 'echo a' NOSUCH 2>/dev/null
echo $?
## stdout: 1

#### an invalid signal does not stop the valid ones
trap 'echo a' NOSUCH INT 2>/dev/null
trap -p
## stdout: trap -- 'echo a' SIGINT

#### a number past the last signal is invalid
trap 'echo a' 99 2>/dev/null
echo $?
## stdout: 1

#### an invalid option is status 2
trap -z 2>/dev/null
echo $?
## stdout: 2

#### trap - alone is a usage error
trap - 2>/dev/null
echo $?
## stdout: 2

#### trap -l starts with HUP
trap -l | head -1 | cut -f1
## stdout:  1) SIGHUP

#### the EXIT trap runs at the end
trap 'echo bye' EXIT
echo hi
## STDOUT:
hi
bye
## END

#### the EXIT trap sees the last status
trap 'echo status $?' EXIT
false
## stdout: status 1
## status: 1

#### the EXIT trap runs at exit
trap 'echo bye' EXIT
exit 5
echo no
## stdout: bye
## status: 5

#### exit in the EXIT trap sets the status
trap 'echo bye; exit 7' EXIT
exit 3
## stdout: bye
## status: 7

#### the EXIT trap runs when set -e exits
set -e
trap 'echo cleanup' EXIT
false
echo no
## stdout: cleanup
## status: 1

#### the EXIT trap runs once
trap 'echo once' EXIT
exit 0
## stdout: once

#### the last EXIT trap set wins
trap 'echo one' EXIT
trap 'echo two' EXIT
## stdout: two

#### a reset EXIT trap does not run
trap 'echo a' EXIT
trap - EXIT
echo done
## stdout: done

#### an EXIT trap set in a function runs at the end
f() { trap 'echo fexit' EXIT; }
f
echo after
## STDOUT:
after
fexit
## END

#### a subshell does not run the parent's EXIT trap
trap 'echo x' EXIT
(echo sub)
echo main
## STDOUT:
sub
main
x
## END

#### a subshell runs its own EXIT trap
( trap 'echo sub-exit' EXIT; echo in )
echo out
## STDOUT:
in
sub-exit
out
## END

#### $( ) runs its own EXIT trap into the capture
x=$(trap 'echo sub' EXIT; echo val)
echo "[$x]"
## STDOUT:
[val
sub]
## END

#### exit in a subshell runs its EXIT trap
( trap 'echo bye' EXIT; exit 3 )
echo $?
## STDOUT:
bye
3
## END

#### a pipeline stage runs its own EXIT trap
{ trap 'echo stage' EXIT; echo in; } | cat
## STDOUT:
in
stage
## END

#### a subshell keeps ignored traps
trap '' USR1
(trap -p USR1)
## stdout: trap -- '' SIGUSR1

#### the ERR trap runs on a failing command
trap 'echo err' ERR
false
echo next
## STDOUT:
err
next
## END

#### the ERR trap sees the status
trap 'echo err $?' ERR
(exit 3)
echo next
## STDOUT:
err 3
next
## END

#### the ERR trap keeps $?
trap 'true' ERR
(exit 3)
echo $?
## stdout: 3

#### the ERR trap ignores conditions
trap 'echo err' ERR
if false; then :; fi
false || true
! true
while false; do :; done
echo done
## stdout: done

#### the ERR trap runs for the last of &&
trap 'echo err' ERR
true && false
echo done
## STDOUT:
err
done
## END

#### the ERR trap is not run in a function without -E
trap 'echo err' ERR
f() { false; echo in; }
f
## stdout: in

#### set -E runs it in functions
set -E
trap 'echo err' ERR
f() { false; echo in; }
f
## STDOUT:
err
in
## END

#### the ERR trap runs before set -e exits
set -e
trap 'echo err' ERR
false
echo no
## stdout: err
## status: 1

#### a trapped signal sent to the shell runs its trap
trap 'echo usr1' USR1
kill -USR1 $$
echo after
## STDOUT:
usr1
after
## END

#### a trap with exit ends the shell
trap 'echo term; exit 9' TERM
kill $$
echo no
## stdout: term
## status: 9

#### an ignored signal does nothing
trap '' USR1
kill -USR1 $$
echo survived
## stdout: survived

#### a trapped HUP lets the shell live on
trap 'echo hup' HUP
kill -HUP $$
echo after
## STDOUT:
hup
after
## END

#### a trapped INT from a child runs after the child
trap 'echo int' INT
sh -c 'kill -INT $PPID'
echo after
## STDOUT:
int
after
## END

#### the EXIT trap runs when a signal kills the shell
trap 'echo bye' EXIT
kill $$
echo no
## stdout: bye
## status: 143

#### the trap's $? does not leak
trap 'false' USR1
kill -USR1 $$
echo $?
## stdout: 0

#### a trap runs in the shell's context
trap 'x=set' USR1
kill -USR1 $$
echo $x
## stdout: set

#### a reset signal trap no longer runs
trap 'echo a' USR2
trap - USR2
trap '' USR2
kill -USR2 $$
echo ok
## stdout: ok

#### trap -- ends the options
trap -- 'echo x' INT
trap -p INT
## stdout: trap -- 'echo x' SIGINT

#### an arithmetic error in a signal trap abandons only the trap's command
trap 'echo $((1/0)); echo notreached' USR1
kill -USR1 $$ 2>/dev/null
echo "after $?"
## stdout: after 0

#### an assignment to a readonly variable in a signal trap abandons only the trap's command
readonly r=1
trap 'r=2; echo notreached' USR1
kill -USR1 $$ 2>/dev/null
echo "after $?"
## stdout: after 0

#### set -u in a signal trap ends the script
trap 'set -u; echo $nope; echo notreached' USR1
echo before
kill -USR1 $$ 2>/dev/null
echo after
## stdout: before
## status: 1

#### an arithmetic error in the EXIT trap: its message, and the status the shell was ending with
$SH -c 'trap "echo \$((1/0)); echo notreached; exit 7" EXIT; echo before; exit 3' 2>&1 | sed 's/^.*line [0-9]*: //'
echo "status ${PIPESTATUS[0]}"
## STDOUT:
before
1/0: division by 0 (error token is "0")
status 3
## END

#### an assignment to a readonly variable in the EXIT trap at the end of the script
trap 'readonly r=1; r=2; echo notreached' EXIT
echo before
false
## stdout: before
## status: 1

#### set -u in the EXIT trap: the status the shell was ending with
trap 'set -u; echo $nope; echo notreached' EXIT
echo before
exit 4
## stdout: before
## status: 4

#### set -e applies inside a signal trap's command
set -e
trap 'false; echo notreached' USR1
echo before
kill -USR1 $$
echo after
## stdout: before
## status: 1

#### the ERR trap runs for a failure inside a signal trap's command
trap 'echo "err $?"' ERR
trap 'false; echo in-usr1' USR1
kill -USR1 $$
echo after
## STDOUT:
err 1
in-usr1
after
## END

#### set -e applies inside the EXIT trap, whose failure is the shell's status
set -e
trap 'false; echo notreached' EXIT
echo main
## stdout: main
## status: 1

#### the ERR trap runs inside the EXIT trap
trap 'echo err' ERR
trap 'false; echo in-exit' EXIT
echo main
## STDOUT:
main
err
in-exit
## END

#### set -e applies inside the ERR trap, which does not run again for its own failure
set -e
trap 'echo in-err; false; echo notreached' ERR
false
echo after
## stdout: in-err
## status: 1

#### a subshell lists its parent's traps until it sets one, so $(trap -p) saves them
trap 'echo x' INT
trap '' TERM
echo "[$(trap -p)]"
(trap -p INT)
(trap 'echo y' USR1; trap -p)
saved=$(trap -p)
trap - INT TERM
eval "$saved"
trap -p
## STDOUT:
[trap -- 'echo x' SIGINT
trap -- '' SIGTERM]
trap -- 'echo x' SIGINT
trap -- 'echo y' SIGUSR1
trap -- '' SIGTERM
trap -- 'echo x' SIGINT
trap -- '' SIGTERM
## END

#### a trapped signal ends wait with 128+N, and its trap runs (POSIX)
trap 'echo got' USR1
sleep 100 & s=$!
(sleep 0.5; kill -USR1 $$) &
wait $!
echo "status $?"
kill $s
wait $s
echo "sleep $?"
# The signalling subshell may still be ending after its kill: the case waits for it.
wait
## STDOUT:
got
status 138
sleep 143
## END

#### wait PID, wait and wait -n for a job still running: each ended by the trapped signal
trap 'echo got' USR1
sleep 100 & s=$!
(sleep 0.5; kill -USR1 $$) &
wait $s
echo "pid $?"
(sleep 0.5; kill -USR1 $$) &
wait
echo "all $?"
(sleep 0.5; kill -USR1 $$) &
wait -n $s
echo "next $?"
kill $s
wait $s
echo "sleep $?"
# The signalling subshells may still be ending after their kills: the case waits for them.
wait
## STDOUT:
got
pid 138
got
all 138
got
next 138
sleep 143
## END

#### an ignored signal does not end wait
trap '' USR2
(sleep 0.5; kill -USR2 $$) & k=$!
wait $k
echo "status $?"
## stdout: status 0
