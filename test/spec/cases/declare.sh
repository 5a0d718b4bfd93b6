# The declaration builtins: declare/typeset, local, readonly, export with attributes -a -A -i -l
# -u -n -r -x, -p output that bash reads back, -f/-F, +attr, and their errors.
# Known difference: `declare -f` prints a function as it was written; bash pretty-prints it.

#### declare -p of a scalar
x=hello
declare -p x
## stdout: declare -- x="hello"

#### declare -p quotes what it must
x='a"b$c`d\e'
declare -p x
## stdout: declare -- x="a\"b\$c\`d\\e"

#### declare -p uses $'...' for control characters
x=$(printf 'a\tb')
declare -p x
## stdout: declare -- x=$'a\tb'

#### declare -p output reads back
x='it is "quoted" $HOME'
saved=$(declare -p x)
unset x
eval "$saved"
echo "$x"
## stdout: it is "quoted" $HOME

#### declare -p of an unset name fails
declare -p nosuch
echo status=$?
## stdout: status=1

#### declare -i evaluates assignments
declare -i n
n=2+3
echo $n
n+=4
echo $n
n=abc
echo $n
## STDOUT:
5
9
0
## END

#### declare -i with a value
declare -i n=10*2
declare -p n
## stdout: declare -i n="20"

#### declare -l and -u change case on assignment
declare -l lower=MiXeD
declare -u upper=MiXeD
lower+=ABC
echo $lower $upper
## stdout: mixedabc MIXED

#### -l and -u together cancel
declare -lu q=AbC
declare -p q
## stdout: declare -- q="AbC"

#### attribute flags print in bash's order
declare -irx n=3
declare -xl q=A
declare -p n q
## STDOUT:
declare -irx n="3"
declare -xl q="a"
## END

#### readonly prevents assignment
readonly r=1
r=2; echo same line
echo "r=$r status=$?"
## stdout: r=1 status=1

#### readonly prevents unset
readonly r=1
unset r
echo status=$?
## stdout: status=1

#### declare on a readonly variable fails
readonly r=1
declare r=2
echo status=$? r=$r
## stdout: status=1 r=1

#### readonly -p lists readonly variables
readonly only_this=1
readonly -p | grep only_this
## stdout: declare -r only_this="1"

#### readonly array
readonly -a ra=(1 2)
declare -p ra
## stdout: declare -ar ra=([0]="1" [1]="2")

#### export -p shows exported variables
export EXPORTED_ONE=v
export -p | grep EXPORTED_ONE
## stdout: declare -x EXPORTED_ONE="v"

#### export -n removes the export
export E=1
export -n E
declare -p E
sh -c 'echo "[${E-unset}]"'
## STDOUT:
declare -- E="1"
[unset]
## END

#### declare -x exports, +x stops
declare -x D=1
sh -c 'echo $D'
declare +x D
sh -c 'echo "[${D-unset}]"'
## STDOUT:
1
[unset]
## END

#### declare +i drops the integer attribute
declare -i z=1+1
declare +i z
z=3+3
echo $z
## stdout: 3+3

#### declare inside a function is local
f() { declare x=inner; declare -g y=global; echo $x; }
x=outer
f
echo $x $y
## STDOUT:
inner
outer global
## END

#### local with attributes
f() { local -i n=2*3; local -u s=abc; echo $n $s; }
f
echo "[$n][$s]"
## STDOUT:
6 ABC
[][]
## END

#### local outside a function
local x=1
echo status=$?
## stdout: status=1

#### typeset is declare
typeset -i t=7*6
echo $t
## stdout: 42

#### declare -a makes an empty array
declare -a e
declare -p e
## stdout: declare -a e

#### declare -a with a scalar value puts it in element 0
declare -a a=x
declare -p a
## stdout: declare -a a=([0]="x")

#### declare -A with a compound value
declare -A m=([k]=v)
declare -p m
## stdout: declare -A m=([k]="v" )

#### an invalid identifier
declare 1x=2
echo status=$?
## stdout: status=1

#### an invalid option
declare -z x
echo status=$?
## stdout: status=2

#### declare -f prints a function that reads back
# Known difference: bash reformats the body (`f () \n{ \n    echo hi\n}`); Quirl prints it as written.
f() { echo hi; }
saved=$(declare -f f)
unset -f f
eval "$saved"
f
## stdout: hi

#### declare -F prints function names
f() { :; }
g() { :; }
declare -F
declare -F f
## STDOUT:
declare -f f
declare -f g
f
## END

#### declare -n makes a reference
target=value
declare -n ref=target
echo $ref
ref=changed
echo $target
## STDOUT:
value
changed
## END

#### a nameref to an array element
a=(x y)
declare -n r='a[1]'
echo $r
## stdout: y

#### a nameref parameter in a function
setit() { local -n out=$1; out="set by function"; }
setit result
echo "$result"
## stdout: set by function

#### declare -p of a nameref shows the reference
t=1
declare -n r=t
declare -p r
## stdout: declare -n r="t"

#### unset -n removes the reference, not the target
t=1
declare -n r=t
unset -n r
echo "${t}" "[${r-unset}]"
## stdout: 1 [unset]

#### export with a value from an expansion is not split
v="a b  c"
export E=$v
echo "$E"
## stdout: a b  c

#### local a=(...) in a function
f() { local a=(1 "2 3"); echo ${#a[@]} "${a[1]}"; }
f
## stdout: 2 2 3

#### declare m[k]=v on an associative array
declare -A m
declare m[key]=val
echo ${m[key]}
## stdout: val

#### declare NAME+=value appends
x=ab
declare x+=cd
echo $x
## stdout: abcd

#### readonly applies after the value
readonly -a list=(1 2)
list[2]=3; echo same line
echo ${#list[@]}
## stdout: 2

#### unset -v of an array element
a=(1 2 3)
unset -v 'a[0]'
echo "${a[@]}"
## stdout: 2 3

#### declare with no options lists variables like set
only_var=1
declare | grep '^only_var='
## stdout: only_var=1

#### $x on a declared but unset variable is empty
declare x
echo "[${x-unset}]"
## stdout: [unset]

#### declare -g assigns the global a local of the same name hides
v=global
f() { local v=local; declare -g v=changed; echo "in f: $v"; }
f
echo "after: $v"
g() { local v=outer; h; echo "in g: $v"; }
h() { local v=inner; declare -g v=again; echo "in h: $v"; }
g
echo "after: $v"
## STDOUT:
in f: local
after: changed
in h: inner
in g: outer
after: again
## END

#### declare -g gives attributes to the global, not to the local that hides it
f() { local r=1 a=(l); declare -gr r=2; declare -ga a=(g1 g2); r=3; echo "$r ${a[*]}"; }
f
echo "$r ${a[*]}"
r=4
echo "status $?"
## STDOUT:
3 l
2 g1 g2
status 1
## END
