# shopt -s lastpipe: without job control, the last command of a pipeline runs in the shell itself,
# so what it assigns stays. Off (the default), or with job control on (set -m), it runs in a subshell.

#### without lastpipe, read at the end of a pipeline assigns in a subshell
v=before
echo hi | read v
echo "v=$v"
## stdout: v=before

#### with lastpipe, read at the end of a pipeline assigns in the shell
shopt -s lastpipe
echo hi | read v
echo "v=$v"
## stdout: v=hi

#### a while loop at the end keeps its variables
shopt -s lastpipe
count=0
printf '%s\n' a b c | while read -r line; do count=$((count + 1)); last=$line; done
echo "$count $last"
## stdout: 3 c

#### a brace group at the end, and its status is the pipeline's
shopt -s lastpipe
echo x | { read -r y; z=$y$y; false; }
echo "status=$? z=$z"
## stdout: status=1 z=xx

#### return at the end of a pipeline returns from the function
shopt -s lastpipe
f() { echo 5 | { read -r n; return "$n"; }; echo not reached; }
f
echo "f=$?"
## stdout: f=5

#### break at the end of a pipeline ends the loop around it
shopt -s lastpipe
for i in 1 2 3; do
  echo "$i" | { read -r j; [ "$j" = 2 ] && break; }
  echo "i=$i"
done
echo "after i=$i"
## STDOUT:
i=1
after i=2
## END

#### exit at the end of a pipeline ends the shell
# The stage reads to the end before it exits: bash does not wait for `echo` first, and the runner
# counts an echo not yet ended when the shell exits as left running.
shopt -s lastpipe
echo bye | { read -r word; echo "$word"; while read -r _; do :; done; exit 4; }
echo not reached
## stdout: bye
## status: 4

#### only the last command runs in the shell
shopt -s lastpipe
a=0 b=0
{ a=1; echo x; } | { read -r _; b=1; }
echo "a=$a b=$b"
## stdout: a=0 b=1

#### with job control on (set -m) lastpipe has no effect
shopt -s lastpipe
set -m
v=before
echo hi | read v
echo "v=$v"
## stdout: v=before

#### lastpipe does not apply to a background pipeline
shopt -s lastpipe
v=before
echo hi | read v &
wait $!
echo "v=$v"
## stdout: v=before
