# kill, wait, disown, suspend, logout (issue 13). Every case waits for what it started.

#### kill -l prints bash's table, five to a line
kill -l | head -2
## STDOUT:
 1) SIGHUP	 2) SIGINT	 3) SIGQUIT	 4) SIGILL	 5) SIGTRAP
 6) SIGABRT	 7) SIGBUS	 8) SIGFPE	 9) SIGKILL	10) SIGUSR1
## END

#### kill -l of a number, of an exit status and of a name
kill -l 2 130 INT SIGTERM
## STDOUT:
INT
INT
2
15
## END

#### kill -l of a real-time signal
kill -l 34 RTMIN+1 RTMAX
## STDOUT:
RTMIN
35
64
## END

#### kill -l of a bad number
kill -l 200 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: 200: invalid signal specification
## END

#### kill -n N
sleep 100 &
kill -n 9 $!
wait $!
echo "status=$?"
## stdout: status=137

#### kill -s with a SIG prefix
sleep 100 &
kill -s SIGUSR1 $!
wait $!
echo "status=$?"
## stdout: status=138

#### kill -s without a signal
kill -s 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: -s: option requires an argument
## END

#### kill -n without a number
kill -n 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: -n: option requires an argument
## END

#### kill with a bad signal
kill -NOSUCH 1 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: NOSUCH: invalid signal specification
## END

#### kill -SIG %job
sleep 100 &
kill -HUP %1
wait $!
echo "status=$?"
## stdout: status=129

#### kill of a job that does not exist
kill %5 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: %5: no such job
## END

#### kill with no target: usage, status 2
kill 2>err
echo "status=$?"
cat err
## STDOUT:
status=2
kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]
## END

#### kill of a word that is no PID
kill abc 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
kill: abc: arguments must be process or job IDs
## END

#### kill -- before a negative group id
sleep 100 &
kill -- $! 2>/dev/null
wait $!
echo "status=$?"
## stdout: status=143

#### kill -RTMIN+1 by name
sleep 100 &
kill -RTMIN+1 $!
wait $!
echo "status=$?"
## stdout: status=163

#### kill -0 probes without signalling
sleep 100 &
kill -0 $! && echo alive
kill $!
wait $!
## stdout: alive
## status: 143

#### kill 0 in a script ends the script's whole group
sleep 100 &
p=$!
trap '' TERM
kill 0
wait $p
echo "status=$?"
## stdout: status=143

#### wait for an unknown PID: 127
wait 99999 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=127
wait: pid 99999 is not a child of this shell
## END

#### wait with nothing running
wait
echo "status=$?"
## stdout: status=0

#### wait -n with no jobs: 127
wait -n
echo "status=$?"
## stdout: status=127

#### wait -n returns the status of the first job to end
sleep 100 &
slow=$!
sh -c 'exit 3' &
wait -n
echo "status=$?"
kill $slow
wait $slow
## stdout: status=3
## status: 143

#### wait -n with PIDs waits for one of them
sh -c 'exit 4' & a=$!
sleep 100 & b=$!
wait -n $a $b
echo "status=$?"
kill $b; wait $b
## stdout: status=4
## status: 143

#### wait -p names the job that ended
sh -c 'exit 5' & a=$!
wait -n -p which
echo "status=$? same=$([ "$which" = "$a" ] && echo yes)"
## stdout: status=5 same=yes

#### wait -p with a bad name
wait -p 1x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
wait: `1x': not a valid identifier
## END

#### wait -p without a name
wait -p 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
wait: -p: option requires an argument
wait: usage: wait [-fn] [-p var] [id ...]
## END

#### wait -f waits for the job to end
sh -c 'exit 6' &
wait -f $!
echo "status=$?"
## stdout: status=6

#### wait for several PIDs returns the last one's status
sh -c 'exit 1' & a=$!
sh -c 'exit 2' & b=$!
wait $a $b
echo "status=$?"
## stdout: status=2

#### wait with a bad option
wait -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
wait: -x: invalid option
wait: usage: wait [-fn] [-p var] [id ...]
## END

#### wait for a job spec that does not exist
wait %3 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=127
wait: %3: no such job
## END

#### disown removes the job from the table
sleep 100 &
p=$!
disown %1
jobs | wc -l
kill $p
while kill -0 $p 2>/dev/null; do :; done
## stdout: 0

#### disown -h keeps it listed
sleep 100 &
p=$!
disown -h %1
jobs | wc -l
kill $p
wait $p
## stdout: 1
## status: 143

#### disown -a removes every job
sleep 100 & a=$!
sleep 100 & b=$!
disown -a
jobs | wc -l
kill $a $b
# A disowned job cannot be waited for: wait until both are gone, so neither outlives the script.
while kill -0 $a 2>/dev/null || kill -0 $b 2>/dev/null; do :; done
## stdout: 0

#### disown -r removes only running jobs
sleep 100 & a=$!
disown -r
jobs | wc -l
kill $a
while kill -0 $a 2>/dev/null; do :; done
## stdout: 0

#### disown by PID
sleep 100 & a=$!
disown $a
jobs | wc -l
kill $a
while kill -0 $a 2>/dev/null; do :; done
## stdout: 0

#### disown of a job that does not exist
disown %3 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
disown: %3: no such job
## END

#### disown with a bad option
disown -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
disown: -x: invalid option
disown: usage: disown [-h] [-ar] [jobspec ... | pid ...]
## END

#### suspend without job control
suspend 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
suspend: cannot suspend: no job control
## END

#### suspend with a bad option
suspend -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
suspend: -x: invalid option
suspend: usage: suspend [-f]
## END

#### logout in a shell that is not a login shell
logout 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
logout: not login shell: use `exit'
## END
