# kill: by signal name and number, -s, -l, -0. Targets are background jobs started with `&`
# (sleep 100 stands for a long-running command; every case waits for what it started).
## compare_shells: dash zsh

#### kill with no signal sends TERM
sleep 100 &
kill $!
wait $!
echo "status=$?"
## stdout: status=143

#### kill -NAME sends that signal
sleep 100 &
kill -USR2 $!
wait $!
echo "status=$?"
## stdout: status=140

#### kill -N sends signal number N
sleep 100 &
kill -9 $!
wait $!
echo "status=$?"
## stdout: status=137

#### kill -SIGNAME is accepted (bash)
sleep 100 &
kill -SIGUSR1 $! 2>/dev/null
k=$?
[ $k = 0 ] || kill -USR1 $!
wait $!
echo "kill=$k wait=$?"
## stdout: kill=0 wait=138
## N-I dash stdout: kill=2 wait=138

#### kill -s NAME
sleep 100 &
kill -s TERM $!
wait $!
echo "status=$?"
## stdout: status=143

#### kill -s N
sleep 100 &
kill -s 9 $! 2>/dev/null
k=$?
[ $k = 0 ] || kill -9 $!
wait $!
echo "kill=$k wait=$?"
## stdout: kill=0 wait=137
## N-I zsh stdout: kill=1 wait=137

#### kill takes several process ids
sleep 100 & p1=$!
sleep 100 & p2=$!
kill -9 $p1 $p2
wait $p1; echo $?
wait $p2; echo $?
## STDOUT:
137
137
## END

#### kill -0 tests whether a process exists
sleep 100 & p=$!
kill -0 $p; echo "alive=$?"
kill $p
wait $p
kill -0 $p 2>/dev/null; echo "after=$?"
## STDOUT:
alive=0
after=1
## END

#### kill -0 $$ succeeds
kill -0 $$
echo "status=$?"
## stdout: status=0

#### kill of a process that does not exist fails
kill 999999 2>/dev/null
echo "status=$?"
## stdout: status=1

#### kill with an unknown signal name fails, and sends nothing
sleep 100 & p=$!
kill -NOSUCHSIG $p 2>/dev/null
echo "status=$?"
kill -0 $p && echo still-alive
kill $p
wait $p
echo "then=$?"
## STDOUT:
status=1
still-alive
then=143
## END
## OK dash STDOUT:
status=2
still-alive
then=143
## END

#### kill with no operands is a usage error
kill 2>/dev/null
echo "status=$?"
## stdout: status=2
## OK zsh stdout: status=1

#### kill -l N names signal N
kill -l 9
kill -l 15
## STDOUT:
KILL
TERM
## END

#### kill -l of an exit status 128+N names signal N
kill -l 143
## stdout: TERM

#### kill -l NAME gives the number (bash)
kill -l TERM
kill -l KILL
## STDOUT:
15
9
## END
## N-I dash stdout-json: ""
## N-I dash status: 2

#### kill -l lists the signal names
kill -l > list
grep -q TERM list && grep -q KILL list && grep -q HUP list && echo listed
## stdout: listed

#### a background job killed by a signal reports 128+N to wait
sh -c 'kill -KILL $$' &
wait $!
echo "status=$?"
## stdout: status=137

#### kill in a pipeline still signals
sleep 100 & p=$!
kill $p | cat
wait $p
echo "status=$?"
## stdout: status=143
