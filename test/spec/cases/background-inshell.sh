# Background jobs the shell runs itself (builtins, functions, compound commands, lists), and
# what $!, wait and kill make of them.
## compare_shells: dash zsh

#### $! names a background builtin, and wait $! gives its status
false &
wait $!
echo "status=$?"
## stdout: status=1

#### $! names a background function, and wait $! gives its return status
f() { return 3; }
f &
p=$!
wait $p
echo "status=$?"
## stdout: status=3

#### $! names a background brace group
{ true; false; } &
wait $!
echo "status=$?"
## stdout: status=1

#### kill $! ends a background brace group as SIGTERM ends a process
# bash ends the group's subshell but may leave its sleep running; that sleep is ended here, so
# the case checks the status only (the next case checks that Quirl ends the program too). The kill
# waits until the sleep runs: a sleep forked but not yet exec'd when pkill looks would outlive the case.
# -s 0 looks in this run's session only: the other shell's row of this case may run at the same time.
{ sleep 5.013; echo never; } &
until pgrep -s 0 -f 'sleep 5[.]013' > /dev/null; do sleep 0.01; done
kill $!
wait $!
echo "status=$?"
pkill -s 0 -f 'sleep 5[.]013' || true
# Until it has ended: the runner counts a sleep still dying as left running.
while pgrep -s 0 -f 'sleep 5[.]013' >/dev/null; do sleep 0.01; done
## stdout: status=143

#### kill %1 ends a background loop and the program it runs
# Only once the loop's sleep runs is the difference certain: bash ends the loop's subshell and
# leaves its sleep running; Quirl ends both. pgrep -s 0 looks in this run's session only.
while true; do sleep 5.019; done &
until pgrep -s 0 -f 'sleep 5[.]019' >/dev/null; do sleep 0.01; done
kill %1
wait
if pgrep -s 0 -f 'sleep 5[.]019' >/dev/null; then
  echo 'sleep left running'
  pkill -s 0 -f 'sleep 5[.]019'
  # Until it has ended: the runner counts a sleep still dying as left running.
  while pgrep -s 0 -f 'sleep 5[.]019' >/dev/null; do sleep 0.01; done
fi
echo done
## stdout: done
## BUG bash stdout-json: "sleep left running\ndone\n"

#### a background list expands its words in the background
echo $(echo from-background) > out &
wait $!
cat out
## stdout: from-background

#### $! is a number
true && true &
p=$!
wait
case $p in *[!0-9]*|'') echo "not a number: $p" ;; *) echo number ;; esac
## stdout: number

#### a background and-or list is one job in jobs
true && sleep 0.3 &
jobs | wc -l
wait
## stdout: 1

#### a builtin writing to a FIFO in the background meets a builtin reading it in the foreground
mkfifo ff
echo through > ff &
read l < ff
echo "got $l"
wait
## stdout: got through

#### a loop reads a FIFO that a background group writes
mkfifo ff
{ echo a; echo b; } > ff &
while read l; do echo "line $l"; done < ff
wait
## STDOUT:
line a
line b
## END

#### a function writing to a FIFO waits for its reader, then goes on
mkfifo ff
f() { echo from-f > ff; echo f-done > done; }
f &
cat ff
wait
cat done
## STDOUT:
from-f
f-done
## END
