# eval joins its arguments with spaces and runs the result here; `.` / source run a file's
# commands here (PATH search without a slash), with optional new positional parameters; return
# ends a sourced file.
## compare_shells: dash zsh

#### eval runs a command
eval echo hello
## stdout: hello

#### eval joins its arguments with spaces
eval 'echo' 'a' '  b'
## stdout: a b

#### eval expands twice
x='$y'; y=second
eval echo $x
## stdout: second

#### eval assigns in the current shell
eval 'v=set-by-eval'
echo "v=$v"
## stdout: v=set-by-eval

#### eval with no arguments: status 0
false
eval
echo "status=$?"
## stdout: status=0

#### eval of an empty string: status 0
false
eval ''
echo "status=$?"
## stdout: status=0

#### eval's status is the last command's
eval 'true; false'; echo $?
eval 'sh -c "exit 5"'; echo $?
## STDOUT:
1
5
## END

#### eval of a syntax error: status 2, the script goes on
eval 'if then' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### eval of a syntax error says eval
eval 'fi' 2>&1 | grep -q 'eval' && echo names-eval
## stdout: names-eval

#### eval defines a function
eval 'f() { echo from-f; }'
f
## stdout: from-f

#### eval with a loop
eval 'for i in 1 2; do echo $i; done'
## STDOUT:
1
2
## END

#### eval with several lines
eval 'echo one
echo two'
## STDOUT:
one
two
## END

#### eval with a here-document
eval 'cat <<EOF
heredoc via eval
EOF'
## stdout: heredoc via eval

#### eval in a loop building variable names
for n in a b; do eval "var_$n=$n$n"; done
echo "$var_a $var_b"
## stdout: aa bb

#### indirect read through eval
name=target; target=found
eval "echo \$$name"
## stdout: found

#### eval with break inside a loop
for i in 1 2 3; do eval '[ $i = 2 ] && break'; echo $i; done
## stdout: 1

#### eval with return inside a function
f() { eval 'return 3'; echo no; }
f; echo "status=$?"
## stdout: status=3

#### eval with exit ends the script
echo before
eval 'exit 4'
echo not-reached
## stdout: before
## status: 4

#### eval of a pipeline
eval 'echo abc | tr a-z A-Z'
## stdout: ABC

#### eval with redirects
eval 'echo to-file > f'
cat f
## stdout: to-file

#### eval's output redirected
eval 'echo a; echo b' > f
cat f
## STDOUT:
a
b
## END

#### eval with quotes preserved
eval "echo 'single  spaced'"
## stdout: single  spaced

#### eval inside $( )
r=$(eval 'echo captured')
echo "r=$r"
## stdout: r=captured

#### source runs a file in the current shell
echo 'sv=from-source' > s.sh
. ./s.sh
echo "sv=$sv"
## stdout: sv=from-source

#### source is a synonym for .
echo 'echo sourced-by-name' > s.sh
source ./s.sh
## stdout: sourced-by-name

#### a sourced file's functions are defined here
echo 'sf() { echo sourced-function; }' > lib.sh
. ./lib.sh
sf
## stdout: sourced-function

#### source with arguments sets positional parameters
echo 'echo "$# $1 $2"' > s.sh
. ./s.sh one two
## stdout: 2 one two

#### positional parameters are restored after source with arguments
set -- outer
echo 'echo "in: $1"' > s.sh
. ./s.sh inner
echo "out: $1"
## STDOUT:
in: inner
out: outer
## END

#### source without arguments sees the caller's positional parameters
set -- caller-arg
echo 'echo "in: $1"' > s.sh
. ./s.sh
## stdout: in: caller-arg

#### source without arguments can change the positional parameters
set -- a
echo 'set -- changed' > s.sh
. ./s.sh
echo "now: $1"
## stdout: now: changed

#### return ends a sourced file with a status
printf 'echo before\nreturn 3\necho after\n' > s.sh
. ./s.sh
echo "status=$?"
## STDOUT:
before
status=3
## END

#### return without a value in a sourced file uses the last status
printf 'false\nreturn\n' > s.sh
. ./s.sh
echo "status=$?"
## stdout: status=1

#### the status of source is the last command's
echo 'sh -c "exit 6"' > s.sh
. ./s.sh
echo "status=$?"
## stdout: status=6

#### sourcing an empty file: status 0
: > empty.sh
false
. ./empty.sh
echo "status=$?"
## stdout: status=0

#### sourcing a missing file fails with status 1
. ./missing.sh 2>/dev/null
echo "status=$?"
## stdout: status=1

#### . without arguments is a usage error with status 2
. 2>/dev/null
echo "status=$?"
## stdout: status=2

#### source finds a file on PATH when the name has no slash
mkdir bin
echo 'echo found-on-path' > bin/onpath.sh
PATH=$PWD/bin:$PATH
. onpath.sh
## stdout: found-on-path

#### source falls back to the current directory
echo 'echo found-in-cwd' > here.sh
. here.sh
## stdout: found-in-cwd

#### a syntax error in a sourced file
printf 'echo ok\nif then\n' > bad.sh
. ./bad.sh 2>/dev/null
echo "status=$?"
## STDOUT:
ok
status=2
## END

#### exit in a sourced file ends the script
printf 'echo in-file\nexit 7\n' > s.sh
. ./s.sh
echo not-reached
## stdout: in-file
## status: 7

#### a sourced file with a loop and break
printf 'for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done\n' > s.sh
. ./s.sh
## stdout: 1

#### a sourced file reads the current directory at the time
mkdir sub
echo 'echo sub-file' > sub/s.sh
cd sub && . ./s.sh
## stdout: sub-file

#### nested source
echo '. ./inner.sh; echo outer-done' > outer.sh
echo 'echo inner-ran' > inner.sh
. ./outer.sh
## STDOUT:
inner-ran
outer-done
## END

#### source in a subshell does not change the parent
echo 'ps=changed' > s.sh
ps=orig
(. ./s.sh; echo "in: $ps")
echo "out: $ps"
## STDOUT:
in: changed
out: orig
## END

#### source in a function: local variables of the function are seen
echo 'echo "lv=$lv"' > s.sh
f() { local lv=local-val; . ./s.sh; }
f
## stdout: lv=local-val

#### source output redirected
printf 'echo l1\necho l2\n' > s.sh
. ./s.sh > out
cat out
## STDOUT:
l1
l2
## END

#### source in a pipeline
printf 'echo b\necho a\n' > s.sh
. ./s.sh | sort
## STDOUT:
a
b
## END

#### a sourced file with a here-document
printf 'cat <<EOF\nin sourced heredoc\nEOF\n' > s.sh
. ./s.sh
## stdout: in sourced heredoc

#### eval of a command built from a sourced variable
echo 'cmd="echo built"' > s.sh
. ./s.sh
eval "$cmd"
## stdout: built

#### a sourced file's here-document can read the caller's variables
printf 'cat <<EOF\nv=$cv\nEOF\n' > s.sh
cv=caller
. ./s.sh
## stdout: v=caller

#### eval and source of the same text give the same
echo 'echo same' > s.sh
eval "$(cat s.sh)"
. ./s.sh
## STDOUT:
same
same
## END

#### an arithmetic error in eval abandons only that command of the string
{ eval 'echo $((1/0)); echo notreached' 2>/dev/null; echo "same line $?"; }
eval 'echo $((1/0)); echo notreached
echo next-command' 2>/dev/null
echo "after $?"
## STDOUT:
same line 1
next-command
after 0
## END

#### an arithmetic error in a sourced file abandons only that command of the file
printf 'echo $((1/0)); echo notreached\necho next-command\n' > s.sh
. ./s.sh 2>/dev/null
echo "after $?"
printf 'echo start\necho $((1/0))\n' > s.sh
. ./s.sh 2>/dev/null
echo "after $?"
## STDOUT:
next-command
after 0
start
after 1
## END

#### an assignment to a readonly variable in eval abandons only that command of the string
readonly r=1
eval 'r=2; echo notreached' 2>/dev/null; echo "same line $?"
## stdout: same line 1

#### the error's message goes where the eval's stderr goes
eval 'echo $((1/0))' 2>&1 | sed 's/^.*line [0-9]*: //'
## stdout: 1/0: division by 0 (error token is "0")

#### set -u in eval still ends the script
set -u
echo before
eval 'echo $nope; echo notreached' 2>/dev/null
echo after
## stdout: before
## status: 1

#### ${x?} in a sourced file still ends the script
echo 'echo ${nope?unset}; echo notreached' > s.sh
echo before
. ./s.sh 2>/dev/null
echo after
## stdout: before
## status: 1

#### an error in a sourced file names that file and its line
printf 'echo in-lib\nnosuch_in_lib\n' > lib.sh
. ./lib.sh 2>&1
## STDOUT:
in-lib
./lib.sh: line 2: nosuch_in_lib: command not found
## END
## status: 127

#### an error in a function names the file it was defined in
printf 'libf() {\n  nosuch_in_libf\n}\n' > lib.sh
. ./lib.sh
libf 2>&1
## stdout: ./lib.sh: line 2: nosuch_in_libf: command not found
## status: 127

#### an error in eval names the eval's line
true
eval 'nosuch_in_eval' 2>&1 | sed 's/^[^:]*: //'
f() {
  eval 'true; nosuch_in_function_eval'
}
f 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
line 2: nosuch_in_eval: command not found
line 4: nosuch_in_function_eval: command not found
## END

#### a syntax error in a sourced file names the file and line, and quotes the line
printf 'echo before\nfi\necho after\n' > bad.sh
. ./bad.sh 2>&1
echo "status=$?"
## STDOUT:
before
./bad.sh: line 2: syntax error near unexpected token `fi'
./bad.sh: line 2: `fi'
status=2
## END

#### a syntax error in eval names the eval's line
true
eval 'fi' 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
eval: line 2: syntax error near unexpected token `fi'
eval: line 2: `fi'
## END

#### source /dev/stdin and /dev/fd/N read the command's own descriptors
. /dev/stdin <<<'echo from-stdin'
. /dev/fd/4 4<<<'echo from-fd-4'
{ . /dev/fd/7; } 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
from-stdin
from-fd-4
line 3: /dev/fd/7: No such file or directory
## END
