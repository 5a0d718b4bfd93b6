## compare_shells: bash
# A write the system refuses (a full device, a closed descriptor) is an error of the builtin
# that wrote: bash's `NAME: write error: REASON` and status 1; the script goes on.

#### echo and printf to a full device: write error, status 1, the script goes on
echo x > /dev/full; echo "echo $?"
printf x > /dev/full; echo "printf $?"
## STDOUT:
echo 1
printf 1
## END

#### the message names the builtin and says why, with the script's line
echo x 2>&1 > /dev/full | sed 's/^.*line [0-9]*: //'
printf '%s\n' a b 2>&1 > /dev/full | sed 's/^.*line [0-9]*: //'
## STDOUT:
echo: write error: No space left on device
printf: write error: No space left on device
## END

#### every builtin that prints fails alike on a full device
alias ll='ls -l'
trap 'echo t' USR1
f() { :; }
for c in 'echo x' 'printf x' pwd 'type cd' 'declare -p HOME' alias 'help cd' 'set -o' 'trap -p' dirs shopt umask 'export -p' 'readonly -p' times 'history 1' 'printf -v v x; echo "$v"'; do
  eval "$c" > /dev/full; echo "$c: $?"
done 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
echo: write error: No space left on device
echo x: 1
printf: write error: No space left on device
printf x: 1
pwd: write error: No space left on device
pwd: 1
type: write error: No space left on device
type cd: 1
declare: write error: No space left on device
declare -p HOME: 1
alias: write error: No space left on device
alias: 1
help: write error: No space left on device
help cd: 1
set: write error: No space left on device
set -o: 1
trap: write error: No space left on device
trap -p: 1
dirs: write error: No space left on device
dirs: 1
shopt: write error: No space left on device
shopt: 1
umask: write error: No space left on device
umask: 1
export: write error: No space left on device
export -p: 1
readonly: write error: No space left on device
readonly -p: 1
times: write error: No space left on device
times: 1
history 1: 0
echo: write error: No space left on device
printf -v v x; echo "$v": 1
## END

#### a builtin in a pipeline stage and in a subshell fails alike
echo x > /dev/full | cat; echo "${PIPESTATUS[*]}"
( echo a; echo b ) > /dev/full; echo "sub $?"
## STDOUT:
1 0
sub 1
## END

#### a write to a closed descriptor: Bad file descriptor, status 1
echo x 2>&1 >&- | sed 's/^.*line [0-9]*: //'
echo x >&-; echo "status $?"
## STDOUT:
echo: write error: Bad file descriptor
status 1
## END

#### ulimit, command -v and declare -f fail on a failed write too (bash's say so or not, yet return 0)
f() { :; }
ulimit > /dev/full 2>/dev/null; echo "ulimit $?"
command -v echo > /dev/full 2>/dev/null; echo "command $?"
declare -f > /dev/full 2>/dev/null; echo "declare $?"
## STDOUT:
ulimit 0
command 0
declare 0
## END
## OK quirl STDOUT:
ulimit 1
command 1
declare 1
## END

#### xtrace to a full stderr is not an error of the command
set -x
echo ok 2>/dev/full
## stdout: ok
