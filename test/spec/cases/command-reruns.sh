# A command met again and again (a loop's, a function's) runs with its own words each time: the
# shell keeps a command's plan and a builtin's context from run to run, and a run within a run
# (a function calling itself through the same command) must not see the outer run's words.

#### a function calling itself through the same command keeps each call's arguments
f() { [ "$1" -gt 0 ] || return 0; f $(( $1 - 1 )) "x$1"; echo "$# $1 $2"; }
f 3 y
## STDOUT:
2 1 x2
2 2 x3
2 3 y
## END

#### a recursive call's "$@" grows by one word per level
n=0
g() { n=$((n+1)); [ $n -lt 4 ] && g "$@" $n; echo "$n: $*"; }
for k in a b; do g $k; n=0; done
## STDOUT:
4: a 1 2 3
4: a 1 2
4: a 1
4: a
4: b 1 2 3
4: b 1 2
4: b 1
4: b
## END

#### prefix assignments and a builtin's temporary variable, pass after pass
i=0
while [ $i -lt 3 ]; do a=$i b=$a; x=$i true; echo "$a $b ${x-unset} $_"; i=$((i+1)); done
echo "${x-unset}"
## STDOUT:
0 0 unset true
1 1 unset true
2 2 unset true
unset
## END

#### test's status, syntax errors and -t from pass to pass
i=0
while (( i < 3 )); do [ $i -eq 1 ] && echo one; [ $i -gt 5 -o x = x ]; echo "$i $?"; (( i++ )); done
[ -t 0 ] </dev/null; echo "t=$?"
[ 1 -lt ] 2>/dev/null; echo "s=$?"
[ "$i" -lt 0 ] || [ 3 -lt "$i" ] || echo "i=$i"
## STDOUT:
0 0
one
1 0
2 0
t=1
s=2
i=3
## END

#### an assignment's value and an arithmetic command's, pass after pass
s=
for w in a bb ccc; do v=${#w}$w; (( n = ${#w} * 2 )); s="$s $v/$n"; done
echo "$s"
## stdout:  1a/2 2bb/4 3ccc/6
