# Background lists: `&` runs an and-or list without waiting; `wait`; $!.
## compare_shells: dash zsh

#### & runs in the background while the shell goes on
mkfifo pipe
cat pipe > out &
echo through-fifo > pipe
wait
cat out
## stdout: through-fifo

#### starting a background job has status 0
sh -c 'exit 3' &
echo "status=$?"
wait
## stdout: status=0

#### wait with no operands waits for all jobs and returns 0
sh -c 'sleep 1; echo one > f1' &
sh -c 'exit 4' &
wait
echo "status=$? $(cat f1)"
## stdout: status=0 one

#### wait PID returns that job's status
sh -c 'exit 3' &
wait $!
echo "status=$?"
## stdout: status=3

#### wait PID for a job that has already exited still gives its status
mkfifo fifo
sh -c 'exit 3' > fifo &
p=$!
cat fifo
wait $p
echo "status=$?"
## stdout: status=3

#### jobs can be waited for in any order
sh -c 'exit 2' & p1=$!
sh -c 'exit 5' & p2=$!
wait $p2; echo $?
wait $p1; echo $?
## STDOUT:
5
2
## END

#### wait with several PIDs returns the last operand's status, not the last to finish
sh -c 'sleep 1; exit 2' & p1=$!
sh -c 'exit 6' & p2=$!
wait $p1 $p2
echo "status=$?"
## stdout: status=6

#### wait for a process that is not a child gives 127
wait 999999 2>/dev/null
echo "status=$?"
## stdout: status=127

#### a whole and-or list goes to the background
sh -c 'exit 3' && echo no || echo fallback > f &
wait
cat f
## stdout: fallback

#### & also separates commands
echo one > f1 & echo two
wait
cat f1
## STDOUT:
two
one
## END

#### a background command does not change the shell's directory or variables
before=$(pwd)
cd / &
x=1 &
wait
[ "$(pwd)" = "$before" ] && echo "unchanged [$x]"
## stdout: unchanged []
## N-I zsh stdout-json: ""
## N-I zsh status: 1
# zsh rejects an assignment with no command in the background

#### a background job's stdin is /dev/null when job control is off
echo data > f
$SH -c 'cat & wait' < f
echo "[end]"
$SH -c 'cat < f & wait'
## STDOUT:
[end]
data
## END
## BUG zsh STDOUT:
data
[end]
data
## END

#### a background job's output still reaches stdout
sh -c 'echo from-bg' &
wait
## stdout: from-bg

#### a background pipeline
echo abc | tr a-z A-Z > f &
wait $!
cat f
## stdout: ABC
