# Parameters: $NAME, ${NAME}, specials ($? $$ $! $# $0-$9 $@ $*). Positional parameters come from
# `$SH -c '...' NAME ARGS`, where $SH is the shell under test.
## compare_shells: dash zsh

#### $NAME and ${NAME}
x=value
echo $x ${x}
## stdout: value value

#### braces delimit the name
x=val
argv ${x}suffix $xsuffix
## stdout: <valsuffix>

#### an unset variable expands to nothing
argv $nosuch "$nosuch" "${nosuch}x"
## stdout: <> <x>

#### names may hold underscores and digits
_a1=one A_B=two
echo $_a1 $A_B
## stdout: one two

#### a name stops at the first character that cannot be in a name
x=val
argv $x-y $x.y "$x/z"
## stdout: <val-y> <val.y> <val/z>

#### $? is the status of the last command
true; echo $?
false; echo $?
sh -c 'exit 7'; echo $?
## STDOUT:
0
1
7
## END

#### $? read by echo is reset by echo
false
echo $? $?
echo $?
## STDOUT:
1 1
0
## END

#### $$ is the shell's process id, also inside $(...)
[ "$$" = "$(echo $$)" ] && echo same-in-substitution
sh -c 'echo $PPID' > ppid
[ "$$" = "$(cat ppid)" ] && echo parent-of-child
[ "$$" -gt 1 ] && echo positive
## STDOUT:
same-in-substitution
parent-of-child
positive
## END

#### another shell has another $$
$SH -c 'echo $$' > inner
[ "$(cat inner)" != "$$" ] && echo differs
## stdout: differs

#### $! is empty before any background job
echo "[$!]"
## stdout: []
## BUG zsh stdout: [0]

#### $! is the process id of the last background job
sh -c 'echo $$ > pid' &
bg=$!
wait
[ "$(cat pid)" = "$bg" ] && echo matches
## stdout: matches

#### $0 of a script is its path
basename "$0"
## stdout: script.sh

#### $0 of -c is the name given after the command
$SH -c 'echo $0' myname
## stdout: myname

#### $# and $1..$9 count and name the positional parameters
$SH -c 'echo $# $1 $2 $3' name a b c
## stdout: 3 a b c

#### a script run with no arguments has none
echo "$# [$1]"
## stdout: 0 []

#### $10 is $1 followed by 0; ${10} is the tenth parameter
$SH -c 'echo $10 ${10}' name a b c d e f g h i j
## stdout: a0 j
## OK zsh stdout: j j

#### "$@" keeps each argument as it is, empty ones too
$SH -c 'argv "$@"' name 'a b' '' c
## stdout: <a b> <> <c>

#### "$@" with no arguments is no argument at all
$SH -c 'argv "$@"' name
## stdout-json: "\n"

#### unquoted $@ and $* are split and drop empty arguments
$SH -c 'argv $@; argv $*' name 'a b' '' c
## STDOUT:
<a> <b> <c>
<a> <b> <c>
## END
## OK zsh STDOUT:
<a b> <c>
<a b> <c>
## END

#### "$*" joins the arguments with a space
$SH -c 'argv "$*"' name 'a b' '' c
## stdout: <a b  c>

#### "$*" joins with the first character of IFS
$SH -c 'IFS=:-; argv "$*"; IFS=; argv "$*"' name a b c
## STDOUT:
<a:b:c>
<abc>
## END

#### "$*" with no arguments is one empty argument
$SH -c 'argv "$*"' name
## stdout: <>

#### text around "$@" joins the first and last arguments
$SH -c 'argv "x$@y"' name a b c
## stdout: <xa> <b> <cy>

#### $(...) sees the shell's positional parameters
$SH -c 'echo "$(echo $1)"' name arg
## stdout: arg
