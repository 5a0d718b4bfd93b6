# set -e with bash 5.2's exceptions: conditions, && and || but the last, !, functions and
# subshells run there, $( ) without inherit_errexit.

#### set -e ends the script at a failing command
set -e
echo a
false
echo b
## stdout: a
## status: 1

#### set -e keeps the failing status
echo start
set -e
(exit 7)
echo no
## stdout: start
## status: 7

#### a failing if condition does not end it
set -e
if false; then echo t; fi
echo after
## stdout: after

#### a failing elif condition does not end it
set -e
if false; then :; elif false; then :; else echo e; fi
## stdout: e

#### a failing while condition does not end it
set -e
while false; do :; done
echo after
## stdout: after

#### a failing until condition does not end it
set -e
n=0
until [ $n -ge 2 ]; do n=$((n+1)); done
echo $n
## stdout: 2

#### a command before && does not end it
set -e
false && echo no
echo after
## stdout: after

#### a command before || does not end it
set -e
false || echo yes
echo after
## STDOUT:
yes
after
## END

#### the last command of && ends it
echo start
set -e
true && false
echo no
## stdout: start
## status: 1

#### the last command of || ends it
echo start
set -e
false || false
echo no
## stdout: start
## status: 1

#### a negated pipeline does not end it
set -e
! true
echo after
## stdout: after

#### a pipeline's status is its last command's
set -e
false | true
echo after
## stdout: after

#### a pipeline whose last command fails ends it
echo start
set -e
true | false
echo no
## stdout: start
## status: 1

#### pipefail makes a failing stage end it
echo start
set -eo pipefail
false | true
echo no
## stdout: start
## status: 1

#### a function's failing command ends it
set -e
f() { echo in; false; echo no; }
f
echo no
## stdout: in
## status: 1

#### a function called in a condition ignores set -e
set -e
f() { false; echo in; }
if f; then echo t; fi
## STDOUT:
in
t
## END

#### a function before || ignores set -e inside
set -e
f() { false; echo a; }
f || echo b
echo c
## STDOUT:
a
c
## END

#### a function whose last && fails still ends it
echo start
set -e
f() { false && true; }
f
echo no
## stdout: start
## status: 1

#### a brace group failing by && goes on
set -e
{ false && true; }
echo after
## stdout: after

#### a subshell failing by && ends it
echo start
set -e
(false && true)
echo no
## stdout: start
## status: 1

#### a failing subshell ends the subshell
echo start
set -e
(false; echo no)
echo no
## stdout: start
## status: 1

#### a subshell in a condition ignores set -e
set -e
if (false; echo a); then echo t; fi
## STDOUT:
a
t
## END

#### an assignment of a failing $( ) ends it
echo start
set -e
x=$(false)
echo no
## stdout: start
## status: 1

#### $( ) in a command's argument does not
set -e
echo $(false) ok
## stdout: ok

#### set -e is off inside $( ) without inherit_errexit
set -e
x=$(false; echo hi)
echo $x
## stdout: hi

#### inherit_errexit keeps set -e in $( )
echo start
set -e
shopt -s inherit_errexit
x=$(false; echo hi)
echo no
## stdout: start
## status: 1

#### local x=$(false) does not end it
set -e
f() { local x=$(false); echo ok; }
f
## stdout: ok

#### a failing stage of a brace group ends only the stage
set -e
{ false; echo a; } | cat
echo b
## stdout: b

#### set +e turns it off again
set -e
set +e
false
echo after
## stdout: after

#### set -o errexit is set -e
echo start
set -o errexit
false
echo no
## stdout: start
## status: 1

#### (( 0 )) ends it
echo start
set -e
(( 0 ))
echo no
## stdout: start
## status: 1

#### [[ ]] failing ends it
echo start
set -e
[[ a == b ]]
echo no
## stdout: start
## status: 1

#### case with no match does not end it
set -e
case a in b) ;; esac
echo after
## stdout: after

#### for over a failing body ends it
set -e
for i in 1 2; do echo $i; false; done
echo no
## stdout: 1
## status: 1

#### a background job's failure does not end it
set -e
false &
wait $! || echo waited
echo after
## STDOUT:
waited
after
## END

#### a command not found ends it with 127
echo start
set -e
nosuchcommand_q 2>/dev/null
echo no
## stdout: start
## status: 127

#### set -e in a subshell ends only it
(set -e; false; echo no)
echo after $?
## stdout: after 1

#### the status of a condition that failed is kept
set -e
if false; then :; fi
echo $?
## stdout: 0

#### eval of a failing command ends it
echo start
set -e
eval false
echo no
## stdout: start
## status: 1

#### a failing command in eval's string ends it
echo start
set -e
eval 'false; echo no'
echo no
## stdout: start
## status: 1

#### $- shows e
set -e
echo $-
## stdout: ehB

#### a failure in a sourced file ends it
echo start
set -e
echo false > f.sh
. ./f.sh
echo no
## stdout: start
## status: 1

#### a failing command in an ERR trap does not loop
set -e
trap 'echo err' ERR
false
echo no
## stdout: err
## status: 1
