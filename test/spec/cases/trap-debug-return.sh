# trap DEBUG and RETURN, and BASH_COMMAND: DEBUG runs before each simple command, each pass of
# a `for`, each expression of an arithmetic `for`, `case`, `(( ))` and `[[ ]]`; functions,
# sourced files, subshells and $(...) do not inherit it without `set -T`. RETURN runs as a
# function or sourced file returns. `select` and `shopt -s extdebug` are not covered (Quirl has
# neither).
# An and-or list in the background runs in a subshell, without the DEBUG trap; a lone pipeline's
# simple commands are traced before it starts, as bash runs the trap before it forks.

#### DEBUG runs before each simple command, BASH_COMMAND naming it unexpanded
trap 'echo "D[$BASH_COMMAND]"' DEBUG
x=1
echo $x; echo b
## STDOUT:
D[x=1]
D[echo $x]
1
D[echo b]
b
## END

#### the command that sets the trap is not traced; trap - DEBUG is, and stops it
echo start
trap 'echo "D[$BASH_COMMAND]"' DEBUG
echo a
trap - DEBUG
echo end
## STDOUT:
start
D[echo a]
a
D[trap - DEBUG]
end
## END

#### a DEBUG trap can remove itself
trap 'echo D; trap - DEBUG' DEBUG
echo a
echo b
## STDOUT:
D
a
b
## END

#### the DEBUG trap's own commands are not traced
trap 'echo one; echo two' DEBUG
echo a
## STDOUT:
one
two
a
## END

#### the DEBUG trap sees the previous $? and leaves the command's alone; ( ) is no simple command
trap 'echo "D$?"; (exit 5)' DEBUG
false
echo "status $?"
(exit 3)
echo "status $?"
## STDOUT:
D0
D1
status 1
D3
status 3
## END

#### for: DEBUG before each pass, after the words are expanded
trap 'echo "D[$BASH_COMMAND] n=$n"' DEBUG
for i in $((n=5)) b; do echo "$i"; done
## STDOUT:
D[for i in $((n=5)) b] n=5
D[echo "$i"] n=5
5
D[for i in $((n=5)) b] n=5
D[echo "$i"] n=5
b
## END

#### for without in is for NAME in "$@"; no pass, no DEBUG
set -- p
trap 'echo "D[$BASH_COMMAND]"' DEBUG
for i; do :; done
for j in; do :; done
## STDOUT:
D[for i in "$@"]
D[:]
## END

#### arithmetic for: each expression, leading blanks dropped, empty ones as 1
trap 'echo "D[$BASH_COMMAND]"' DEBUG
for ((  i = 0 ;  i < 1 ;  i++  )); do echo "$i"; done
for ((;;)); do break; done
## STDOUT:
D[((i = 0 ))]
D[((i < 1 ))]
D[echo "$i"]
0
D[((i++  ))]
D[((i < 1 ))]
D[((1))]
D[((1))]
D[break]
## END

#### case: DEBUG before its word is expanded, then the item's commands
trap 'echo "D[$BASH_COMMAND]"' DEBUG
case $(echo x) in x) echo matched ;; esac
## STDOUT:
D[case $(echo x) in ]
D[echo matched]
matched
## END

#### (( )) as written, [[ ]] as bash prints it
trap 'echo "D[$BASH_COMMAND]"' DEBUG
((   x  =  1  ))
[[ a ]]
[[ ! (a < b) && -n $x || $x == y* ]]
## STDOUT:
D[((   x  =  1  ))]
D[[[ -n a ]]]
D[[[ ! ( a < b ) && -n $x || $x == y* ]]]
## END
## status: 1

#### if, while, ! and brace groups: only the commands in them
trap 'echo "D[$BASH_COMMAND]"' DEBUG
if ! false; then { echo t; }; fi
while false; do :; done
## STDOUT:
D[false]
D[echo t]
t
D[false]
## END

#### a function definition is no command to DEBUG; the call is
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f() { echo "in f"; }
f
## STDOUT:
D[f]
in f
## END

#### time: DEBUG for the command timed
trap 'echo "D[$BASH_COMMAND]"' DEBUG
time echo t 2>/dev/null
## STDOUT:
D[echo t 2> /dev/null]
t
## END

#### each simple command of a pipeline, in the shell, before it starts
trap 'echo "D[$BASH_COMMAND]"' DEBUG
echo a | cat
{ echo g; } | cat
## STDOUT:
D[echo a]
D[cat]
a
D[cat]
g
## END

#### redirects as bash prints them
trap 'echo "D[$BASH_COMMAND]"' DEBUG
fd=1
echo    a  "b  c" >/dev/null 2>&1 <&0 >&$fd 3>&- 4<&- 0<>/dev/null >>/dev/null 1>|/dev/null 2<&0
>/dev/null x=1 echo y &>/dev/null 5<<<w
## STDOUT:
D[fd=1]
D[echo a "b  c" > /dev/null 2>&1 0<&0 >&$fd 3>&- 4>&- 0<> /dev/null >> /dev/null >| /dev/null 2<&0]
D[x=1 echo y > /dev/null &> /dev/null 5<<< w]
## END

#### here-documents follow the command line
trap 'echo "D[$BASH_COMMAND]"' DEBUG
cat <<-"DOC" 3<<E2 >/dev/null
	hi
	DOC
b
E2
## STDOUT:
D[cat <<-'DOC' 3<<E2 > /dev/null
hi
DOC
b
E2
]
## END

#### array assignments as bash prints them
trap 'echo "D[$BASH_COMMAND]"' DEBUG
a=( [k]=v   x )
declare -A c=( [x]="1 2" )
## STDOUT:
D[a=([k]=v x)]
D[declare -A c=([x]="1 2")]
## END

#### functions do not inherit DEBUG without set -T, nor list it
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f() { echo in; trap -p DEBUG; }
f
## STDOUT:
D[f]
in
## END

#### set -T: DEBUG at the call, again as the function begins, and inside
trap 'echo "D[${FUNCNAME[0]}:$BASH_COMMAND]"' DEBUG
set -T
f() { echo in; }
f
## STDOUT:
D[:set -T]
D[:f]
D[f:f]
D[f:echo in]
in
## END

#### a DEBUG trap set in a function stays after it
f() { trap 'echo "D[$BASH_COMMAND]"' DEBUG; echo in; }
f
echo after
## STDOUT:
D[echo in]
in
D[echo after]
after
## END

#### trap - DEBUG in a function without set -T: the shell's comes back
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f() { trap - DEBUG; echo in; }
f
echo after
## STDOUT:
D[f]
in
D[echo after]
after
## END

#### trap - DEBUG in a function with set -T clears the shell's
set -T
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f() { trap - DEBUG; echo in; }
f
echo after
## STDOUT:
D[f]
D[f]
D[trap - DEBUG]
in
after
## END

#### subshells do not inherit DEBUG without set -T
trap 'echo "D[$BASH_COMMAND]"' DEBUG
( echo sub )
set -T
( echo sub2 )
## STDOUT:
sub
D[set -T]
D[echo sub2]
sub2
## END

#### $(...) does not inherit DEBUG without set -T
trap 'echo "D[$BASH_COMMAND]"' DEBUG
x=$(echo a)
set -T
y=$(echo b)
echo "<$x> <$y>"
## STDOUT:
D[x=$(echo a)]
D[set -T]
D[y=$(echo b)]
D[echo "<$x> <$y>"]
<a> <D[echo b]
b>
## END

#### a sourced file does not inherit DEBUG without set -T
echo 'echo in' > lib.sh
trap 'echo "D[$BASH_COMMAND]"' DEBUG
. ./lib.sh
set -T
. ./lib.sh
## STDOUT:
D[. ./lib.sh]
in
D[set -T]
D[. ./lib.sh]
D[echo in]
in
## END

#### DEBUG runs in the EXIT trap, BASH_COMMAND still the last command
trap 'echo "D[$BASH_COMMAND]"' DEBUG
trap 'echo bye' EXIT
false
## STDOUT:
D[trap 'echo bye' EXIT]
D[false]
D[false]
bye
## END
## status: 1

#### BASH_COMMAND without a trap is the command running
echo "$BASH_COMMAND"
x=$BASH_COMMAND; echo "$x"
## STDOUT:
echo "$BASH_COMMAND"
x=$BASH_COMMAND
## END

#### BASH_COMMAND in the ERR trap is the command that failed; eval and . are named again after
echo false > lib.sh
trap 'echo "E[$BASH_COMMAND]"' ERR
false x
eval "false"
. ./lib.sh
## STDOUT:
E[false x]
E[false]
E[eval "false"]
E[false]
E[. ./lib.sh]
## END
## status: 1

#### an ERR trap set in a function runs there and stays
f() { trap 'echo "E $?"' ERR; false; echo in; }
f
false
## STDOUT:
E 1
in
E 1
## END
## status: 1

#### RETURN set outside a function does not run for it without set -T
trap 'echo R' RETURN
f() { echo in; }
f
set -T
f
## STDOUT:
in
in
R
## END

#### RETURN set in a function runs as it returns, in its context, and stays set
f() { local v=local; trap 'echo "R ${FUNCNAME[0]} $v $1 $?"' RETURN; false; return 4; }
f arg
echo "status $?"
trap -p RETURN
## STDOUT:
R f local arg 1
status 4
trap -- 'echo "R ${FUNCNAME[0]} $v $1 $?"' RETURN
## END

#### the RETURN trap's status is not the function's
f() { trap 'echo R; false' RETURN; return 7; }
f
echo "status $?"
g() { trap 'echo R; false' RETURN; true; }
g
echo "status $?"
## STDOUT:
R
status 7
R
status 0
## END

#### RETURN runs when a sourced file returns, BASH_COMMAND its . command
printf 'false\nreturn 6\necho never\n' > lib.sh
trap 'echo "R[$BASH_COMMAND] $?"' RETURN
. ./lib.sh arg
echo "status $?"
## STDOUT:
R[. ./lib.sh arg] 1
status 6
## END

#### a RETURN trap set in a sourced file runs at its end and stays
echo 'trap "echo inner" RETURN; true' > lib.sh
. ./lib.sh
trap -p RETURN
## STDOUT:
inner
trap -- 'echo inner' RETURN
## END

#### trap - RETURN in a function leaves the shell's RETURN trap
trap 'echo R' RETURN
f() { trap - RETURN; }
f
trap -p RETURN
## stdout: trap -- 'echo R' RETURN

#### nested functions: the inner one's RETURN trap stays, and so runs for the outer too
outer() { trap 'echo "R outer"' RETURN; inner; echo "back in outer"; }
inner() { trap 'echo "R inner"' RETURN; echo "in inner"; }
outer
## STDOUT:
in inner
R inner
back in outer
R inner
## END

#### with set -T, DEBUG runs in the RETURN trap too
set -T
f() { :; }
trap 'echo R' RETURN
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f
## STDOUT:
D[f]
D[f]
D[:]
D[:]
R
## END

#### a background simple command is traced in the shell
trap 'echo "D[$BASH_COMMAND]"' DEBUG
sleep 0 &
wait $!
## STDOUT:
D[sleep 0]
D[wait $!]
## END

#### a background function call, or a command with $(...), is traced in the shell
trap 'echo "D[$BASH_COMMAND]"' DEBUG
f() { :; }
f &
wait $!
x=$(echo x) | cat &
wait $!
true && true &
wait $!
## STDOUT:
D[f]
D[wait $!]
D[x=$(echo x)]
D[cat]
D[wait $!]
D[wait $!]
## END

#### $(...) in BASH_COMMAND is as written
trap 'echo "D[$BASH_COMMAND]"' DEBUG
: $(  echo  x )
## stdout: D[: $(echo x)]
## BUG quirl stdout: D[: $(  echo  x )]
# bash prints a command substitution again from its parsed form; Quirl keeps its source text.

#### $LINENO in ERR and DEBUG traps is the line of the command that ran them
trap 'echo "ERR at $LINENO"' ERR
trap 'echo "DEBUG at $LINENO"' DEBUG
false
f() {
  false
}
f
echo a |
  false
trap - DEBUG
for i in 1; do
  false; done
(( 0 ))
[[ -z x ]]
echo "last $LINENO"
## STDOUT:
DEBUG at 3
DEBUG at 3
ERR at 3
DEBUG at 7
DEBUG at 7
ERR at 7
DEBUG at 8
DEBUG at 9
DEBUG at 9
ERR at 9
DEBUG at 10
ERR at 12
ERR at 13
ERR at 14
last 15
## END

#### a trap of several lines counts them from that line; signal and EXIT traps from 1
trap $'echo "a $LINENO"\necho "b $LINENO"' ERR
trap 'echo "exit $LINENO"' EXIT
trap 'echo "usr $LINENO"' USR1

false
kill -USR1 $$
echo "after $LINENO"
## STDOUT:
a 5
b 6
usr 1
after 7
exit 1
## END
