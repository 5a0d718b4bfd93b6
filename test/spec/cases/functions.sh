# Functions: NAME() compound [redirects], `function NAME`, calls with positional parameters,
# return, local with bash's dynamic scope, redirects of the definition applied at each call,
# functions as pipeline stages and in the background, FUNCNEST.
## compare_shells: dash zsh

#### the POSIX definition form
f() { echo in-f; }
f
## stdout: in-f

#### the function keyword form
function g { echo in-g; }
g
## stdout: in-g

#### the function keyword with parentheses
function h() { echo in-h; }
h
## stdout: in-h

#### a space between the name and the parentheses
f () { echo spaced; }
f
## stdout: spaced

#### the body on the next line
f()
{
  echo next-line
}
f
## stdout: next-line

#### a subshell body
x=outer
f() (x=inner; echo "in $x")
f
echo "out $x"
## STDOUT:
in inner
out outer
## END

#### an if body
f() if [ "$1" = y ]; then echo yes; else echo no; fi
f y; f n
## STDOUT:
yes
no
## END

#### a for loop body
f() for i in "$@"; do echo "<$i>"; done
f a b
## STDOUT:
<a>
<b>
## END

#### a while loop body
f() while [ $# -gt 0 ]; do echo $1; shift; done
f 1 2
## STDOUT:
1
2
## END

#### a case body
f() case $1 in a) echo A;; *) echo other;; esac
f a; f z
## STDOUT:
A
other
## END

#### a [[ ]] body
f() [[ $1 == x* ]]
f xyz && echo matches
f abc || echo no-match
## STDOUT:
matches
no-match
## END

#### an (( )) body
f() (( $1 > 2 ))
f 5 && echo big
f 1 || echo small
## STDOUT:
big
small
## END

#### defining a function prints nothing and has status 0
false
f() { echo never; }
echo "status=$?"
## stdout: status=0

#### a redefinition replaces the function
f() { echo first; }
f() { echo second; }
f
## stdout: second

#### a function is called instead of a command of the same name
ls() { echo "not ls: $*"; }
ls -l
## stdout: not ls: -l

#### positional parameters inside a function
f() { echo "$# [$1] [$2] [$*]"; }
f a "b c"
## stdout: 2 [a] [b c] [a b c]

#### $0 is unchanged inside a function
f() { [ "$0" = "$1" ] && echo same-0; }
f "$0"
## stdout: same-0

#### positional parameters are restored after the call
set -- outer1 outer2
f() { set -- x y z; echo "in: $#"; }
f a
echo "out: $# $1"
## STDOUT:
in: 3
out: 2 outer1
## END

#### shift inside a function does not change the caller's parameters
set -- a b c
f() { shift; echo "in: $*"; }
f 1 2 3
echo "out: $*"
## STDOUT:
in: 2 3
out: a b c
## END

#### a function called without arguments has no positional parameters
set -- caller
f() { echo "count=$#"; }
f
## stdout: count=0

#### return with a status
f() { return 3; }
f; echo $?
## stdout: 3

#### return without a status uses the last command's
f() { false; return; }
f; echo $?
## stdout: 1

#### return stops the function
f() { echo before; return 0; echo after; }
f
## stdout: before

#### the status without return is the last command's
f() { true; sh -c 'exit 4'; }
f; echo $?
## stdout: 4

#### return 256 wraps to 0, return -1 to 255
f() { return $1; }
f 256; echo $?
f -1; echo $?
f 300; echo $?
## STDOUT:
0
255
44
## END

#### return with a non-numeric argument
f() { return abc; }
f 2>/dev/null; echo $?
## stdout: 2

#### return outside a function is an error
return 2>/dev/null
echo "status=$?"
## stdout: status=2

#### return from inside a loop in a function
f() { for i in 1 2 3; do [ $i = 2 ] && return 7; echo $i; done; echo no; }
f; echo "status=$?"
## STDOUT:
1
status=7
## END

#### recursion: factorial
fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(($1 - 1))) )); fi; }
fact 6
## stdout: 720

#### recursion with local counting down
f() { local x=$1; [ "$x" -le 1 ] && { echo 1; return; }; echo $x; f $((x-1)); }
f 3
## STDOUT:
3
2
1
## END

#### mutual recursion
even() { [ $1 = 0 ] && echo even || odd $(($1 - 1)); }
odd() { [ $1 = 0 ] && echo odd || even $(($1 - 1)); }
even 7; even 10
## STDOUT:
odd
even
## END

#### a global variable set in a function is visible after
f() { g=set-in-f; }
f
echo "g=$g"
## stdout: g=set-in-f

#### local hides the global and restores it
x=global
f() { local x=local; echo "in: $x"; }
f
echo "out: $x"
## STDOUT:
in: local
out: global
## END

#### local without a value
x=global
f() { local x; echo "in: [$x]"; x=changed; }
f
echo "out: $x"
## STDOUT:
in: []
out: global
## END

#### dynamic scope: a callee sees the caller's locals
outer() { local v=from-outer; inner; }
inner() { echo "inner sees $v"; }
v=global
outer
echo "after: $v"
## STDOUT:
inner sees from-outer
after: global
## END

#### dynamic scope: a callee's assignment changes the caller's local
outer() { local v=outer; inner; echo "outer now $v"; }
inner() { v=changed-by-inner; }
v=global
outer
echo "global still $v"
## STDOUT:
outer now changed-by-inner
global still global
## END

#### local in a recursive function: each call has its own
f() { local d=$1; if [ $d -lt 3 ]; then f $((d + 1)); fi; echo "depth $d"; }
f 1
## STDOUT:
depth 3
depth 2
depth 1
## END

#### several locals on one line
f() { local a=1 b=2 c; echo "$a $b [$c]"; }
f
## stdout: 1 2 []

#### local outside a function is an error
local x=1 2>/dev/null
echo "status=$?"
## stdout: status=1

#### local does not split or glob its value
touch g1 g2
f() { local v=$1; echo "[$v]"; }
f "a  b *"
## stdout: [a  b *]

#### a local that is unset inside the function
x=global
f() { local x=l; unset x; echo "in: [$x]"; }
f
echo "out: $x"
## STDOUT:
in: []
out: global
## END

#### a prefix assignment is seen by the function and not kept
f() { echo "in: $V"; }
V=outer
V=temp f
echo "out: $V"
## STDOUT:
in: temp
out: outer
## END

#### a prefix assignment is exported to commands the function runs
f() { sh -c 'echo "child: $PV"'; }
PV=exported f
## stdout: child: exported

#### redirect on the definition applies at each call
f() { echo call; } > out
f; f
cat out
## stdout: call

#### append redirect on the definition accumulates
f() { echo line; } >> log
f; f; f
wc -l < log
## stdout: 3

#### the definition's redirect target is expanded at each call
f() { echo "to $name"; } > "$name"
name=one; f
name=two; f
cat one two
## STDOUT:
to one
to two
## END

#### input redirect on the definition
echo data > in
f() { read l; echo "got $l"; } < in
f; f
## STDOUT:
got data
got data
## END

#### redirects at the call combine with the definition's
f() { echo out; echo err >&2; } 2>&1
f > both
cat both
## STDOUT:
out
err
## END

#### a function as a pipeline stage
f() { tr a-z A-Z; }
echo hello | f | cat
## stdout: HELLO

#### a function as a pipeline stage runs in a subshell
x=before
f() { x=after; cat; }
echo data | f
echo "x=$x"
## STDOUT:
data
x=before
## END

#### a function as the first stage of a pipeline
gen() { echo 3; echo 1; echo 2; }
gen | sort
## STDOUT:
1
2
3
## END

#### a function in the background
f() { echo "bg $1"; }
f one &
wait
echo done
## STDOUT:
bg one
done
## END

#### a function in the background does not change the parent
x=parent
f() { x=child; }
f &
wait
echo "x=$x"
## stdout: x=parent

#### a function in command substitution
f() { echo captured; }
r=$(f)
echo "r=$r"
## stdout: r=captured

#### a function calling an external command and returning its status
f() { sh -c 'exit 9'; }
f; echo $?
## stdout: 9

#### exit inside a function ends the script
f() { echo in; exit 6; }
f
echo not-reached
## stdout: in
## status: 6

#### a function defined inside another is global after the call
outer() { inner() { echo inner-defined; }; }
inner 2>/dev/null || echo not-yet
outer
inner
## STDOUT:
not-yet
inner-defined
## END

#### a function name may contain dashes and dots
my-func.x() { echo odd-name; }
my-func.x
## stdout: odd-name

#### FUNCNEST limits the nesting and the call fails with status 1
FUNCNEST=3
n=0
f() { n=$((n + 1)); f; }
f 2>/dev/null
echo "status=$? n=$n"
## stdout: status=1 n=3

#### FUNCNEST: the error message names the function and the limit
FUNCNEST=2
f() { f; }
f 2>&1 | grep -c 'maximum function nesting level exceeded (2)'
## stdout: 1

#### after a runaway recursion the shell goes on
FUNCNEST=20
f() { f; }
f 2>/dev/null
g() { echo usable; }
g
## stdout: usable

#### FUNCNEST allows exactly that many levels
FUNCNEST=3
f() { echo "level $1"; [ $1 -lt 3 ] && f $(($1 + 1)); }
f 1
## STDOUT:
level 1
level 2
level 3
## END
## status: 1

#### a function body's output order with external commands
f() { echo 1; sh -c 'echo 2'; echo 3; }
f
## STDOUT:
1
2
3
## END

#### a function defined in a pipeline stage does not reach the parent
true | f() { echo no; }
f 2>/dev/null || echo "no f"
## stdout: no f

#### a function name may start with a digit (bash, outside POSIX mode)
1() { echo digit-name; }
1
## stdout: digit-name

#### a function needs a compound command body
$SH -c 'f() echo a' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a function's here-document body is read at each call
f() { cat <<EOF
value=$v
EOF
}
v=1; f
v=2; f
## STDOUT:
value=1
value=2
## END

#### $? at the start of a function is the caller's
f() { echo "start=$?"; }
false; f
## stdout: start=1

#### return in a sourced file inside a function returns from the file only
echo 'echo sourced; return 4; echo no' > s.sh
f() { . ./s.sh; echo "source status=$?"; }
f
## STDOUT:
sourced
source status=4
## END

#### break in a function called from a loop only complains: the loop goes on
f() { break; }
for i in 1 2 3; do echo $i; f 2>/dev/null; done
echo after
## STDOUT:
1
2
3
after
## END

#### a recursion past FUNCNEST abandons the whole command it started in
f() { n=$((n+1)); f; echo "back $n"; }
FUNCNEST=5
f 2>/dev/null
echo "next command: $n"
## stdout: next command: 5

#### type names a function, and type -t says function
f() { :; }
type -t f
type f | head -1
## STDOUT:
function
f is a function
## END

#### the error of an arithmetic command goes where its redirects send stderr
(( 1/0 )) 2>&1 | grep -c division
## stdout: 1

#### local - makes the set options the function changes its own; shopt's are not
f() { local -; set -f -u; echo "in $-"; shopt -s nullglob; }
f
echo "out $-"
shopt -q nullglob && echo nullglob-stays
## STDOUT:
in fhuB
out hB
nullglob-stays
## END

#### local - among names covers options a function it calls changes, until it returns
g() { local x -; set -e; h; echo "g $-"; }
h() { set -C; }
g
echo "after g $-"
k() { set -C; }
k
echo "no local: $-"
## STDOUT:
g ehBC
after g hB
no local: hBC
## END

#### local - outside a function
local -
echo status=$?
## stdout: status=1

#### a local unset in its own function is still declared there, with no value or attributes
v=global
f() { local v=1; unset v; declare -p v; echo "set? [${v+yes}]"; [[ -v v ]] || echo not-v; v=2; declare -p v; }
f
declare -p v
## STDOUT:
declare -- v
set? []
not-v
declare -- v="2"
declare -- v="global"
## END

#### local without a value is declared: declare -p shows it
f() { local v; declare -p v; local -a a; declare -p a; }
f
## STDOUT:
declare -- v
declare -a a
## END

#### unset takes a local's attributes away: array, integer, export, associative
f() {
  local -a a=(1 2); local -i i=3; local -x e=1; local -A m=([k]=1)
  unset a i e m
  declare -p a i e m
  a=3; i=1+1; m[x]=1
  declare -p a i m
}
f
declare -p a 2>/dev/null || echo no-global-a
## STDOUT:
declare -- a
declare -- i
declare -- e
declare -- m
declare -- a="3"
declare -- i="1+1"
declare -a m=([0]="1")
no-global-a
## END

#### a local unset twice, then declared again or made readonly, stays local
f() { local v=1; unset v; unset v; local v; declare -p v; readonly v; declare -p v; }
f
echo "global: ${v-unset}"
## STDOUT:
declare -- v
declare -r v
global: unset
## END

#### with localvar_unset, unset of a caller's local leaves it declared and unset
shopt -s localvar_unset
outer() { local v=outer; inner; declare -p v; }
inner() { unset v; }
v=top
outer
declare -p v
## STDOUT:
declare -- v
declare -- v="top"
## END

#### local and local -p list the function's own locals, unset ones too
g=global
f() { local b=1 a; local -a arr=(1); local z=1; unset z; local; echo -; local -p b z; local -p g || echo "no g: $?"; }
f 2>/dev/null
## STDOUT:
declare -- a
declare -a arr=([0]="1")
declare -- b="1"
declare -- z
-
declare -- b="1"
declare -- z
no g: 1
## END
