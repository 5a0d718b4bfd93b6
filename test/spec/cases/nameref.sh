# Namerefs (`declare -n`, `local -n`): reading, assigning and unsetting through them, to arrays
# and elements, `${!ref}`, `[[ -R ]]`, retargeting, loop variables, and bash's refusals.

#### unset through a nameref unsets the target; unset -n the nameref
x=1; y=2
declare -n r=x s=y
unset r
unset -n s
echo "x=${x-unset} y=$y"
declare -p r
## STDOUT:
x=unset y=2
declare -n r="x"
## END

#### a nameref to an array: elements, count, keys, append
a=(p q r)
declare -n q=a
q[1]=x
q+=(z)
echo "${q[@]}" "${#q[@]}" "${!q[@]}"
## stdout: p x r z 4 0 1 2 3

#### a nameref to an element is read and assigned in place
a=(a b c d)
declare -n r='a[2]'
r=Z
echo "$r" "${a[*]}"
## stdout: Z a b Z d

#### ${!ref} of a nameref is the name it stands for, through a chain
x=1; a=(5 6)
declare -n r2=x
declare -n r1=r2
declare -n e='a[1]'
echo "${!r1}" "${!r2}" "${!e}"
## stdout: x x a[1]

#### ${!ref} of a nameref to an unset variable is still its name
declare -n v=nosuch
echo "[${!v}]"
## stdout: [nosuch]

#### [[ -R ]] and test -R: a nameref holding a name
declare -n r
declare -n s=nosuch
x=1
[[ -R r ]] || echo no-value
[[ -R s ]] && echo s
test -R s && echo test-s
[[ -R x ]] || echo not-x
## STDOUT:
no-value
s
test-s
not-x
## END

#### declare -n on a nameref points it elsewhere
declare -n s=x
declare -n s=y
y=2
echo "$s" "${x-unset}"
declare -p s
## STDOUT:
2 unset
declare -n s="y"
## END

#### local -n in a function, called twice with different names
f() { local -n v=$1; v=1; }
f p; f q
echo "$p $q"
## stdout: 1 1

#### local -n to an array passed by name
f() { local -n arr=$1; echo "${#arr[@]}" "${arr[@]}"; arr+=(new); }
list=(1 2 3)
f list
echo "${list[@]}"
## STDOUT:
3 1 2 3
1 2 3 new
## END

#### a nameref for loop variable is pointed at each name
x=1 y=2
declare -n r
for r in x y; do echo "$r"; r=9; done
echo "$x $y"
declare -p r
## STDOUT:
1
2
9 9
declare -n r="y"
## END

#### a nameref loop variable refuses a word that is no name, and the script goes on
declare -n r
for r in x 'a b' y; do echo "[${!r}]"; done
echo "status $?"
## STDOUT:
[x]
status 1
## END

#### a readonly for loop variable ends the loop with status 1, and the script goes on
readonly i=0
for i in 1 2; do echo "pass $i"; done
echo "status $?"
## stdout: status 1

#### declare -n with a value that is no name
declare -n r=1; echo "status $?"
declare -n r='a b'; echo "status $?"
declare -n r=''; echo "status $?"
declare -ni z=1; echo "status $?"
declare -p r z 2>/dev/null || echo none
## STDOUT:
status 1
status 1
status 1
status 1
none
## END

#### declare -n refusals: bash's messages
{ declare -n r=1; declare -n r=''; declare -a arr=(1); declare -n arr; declare -n w=w; } 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
## STDOUT:
declare: `1': invalid variable name for name reference
declare: `': not a valid identifier
declare: arr: reference variable cannot be an array
declare: w: nameref variable self references not allowed
## END

#### a nameref may not name itself at the top level
declare -n w=other
declare -n w=w
echo "status $?"
declare -n a=a
echo "status $?"
declare -p w
## STDOUT:
status 1
status 1
declare -n w="other"
## END

#### declare -n of an array is refused
declare -a arr=(1)
declare -n arr
echo "status $?"
declare -p arr
## STDOUT:
status 1
declare -a arr=([0]="1")
## END

#### readonly and export through a nameref reach the target
x=1
declare -n r=x
export r
readonly r
declare -p x r
## STDOUT:
declare -rx x="1"
declare -n r="x"
## END

#### declare -i through a nameref
declare -n r=x
declare -i r
r=1+1
echo "$r"
declare -p x
## STDOUT:
2
declare -i x="2"
## END

#### typeset +n makes the nameref a plain variable holding the name
x=5
declare -n r=x
typeset +n r
echo "$r"
declare -p r
## STDOUT:
x
declare -- r="x"
## END

#### ${ref@a} shows the target's attributes
declare -a arr
declare -n ra=arr
x=1
declare -n rx=x
echo "[${ra@a}] [${rx@a}]"
## stdout: [a] []

#### unset through a nameref to an element unsets the element
a=(1 2 3)
declare -n e='a[1]'
unset e
declare -p a
f() { local -n l='a[2]'; unset l; }
f
declare -p a
## STDOUT:
declare -a a=([0]="1" [2]="3")
declare -a a=([0]="1")
## END

#### read, printf -v, arithmetic and += through a nameref
x=1
declare -n r=x
read r <<< "readval"; echo "$x"
printf -v r '%s' pv; echo "$x"
x=5; (( r++ )); echo "$x"
r+=ab; echo "$x"
## STDOUT:
readval
pv
6
6ab
## END

#### assigning a nameref without a value names its target, which must be a name
declare -n r
r=v
declare -p r
declare -n s
s=1
echo "status $?"
declare -p s
## STDOUT:
declare -n r="v"
status 1
declare -n s
## END

#### declare -nr makes the nameref itself readonly, and it keeps its target
declare -nr ro=x
declare -n ro=y
echo "status $?"
declare -p ro
## STDOUT:
status 1
declare -nr ro="x"
## END

#### ${ref@A} through a nameref declares the target
x=2; a=(1 2)
declare -n q=x qa=a
echo "${q@A}"
echo "${qa[@]@A}"
## STDOUT:
x='2'
declare -a a=([0]="1" [1]="2")
## END

#### [[ -v ]] through a nameref: set for a variable, not for an element (bash)
a=(1 2)
x=1
declare -n e='a[1]' s=x
[[ -v s ]] && echo s-set
[[ -v e ]] || echo e-not
echo "${e+plus}"
## STDOUT:
s-set
e-not
plus
## END

#### declare -n of a variable with a value: the value must be a name
w=q
declare -n w
q=3
echo "$w"
z=1
declare -n z
echo "status $?"
declare -p w z
## STDOUT:
3
status 1
declare -n w="q"
declare -- z="1"
## END

#### a circular chain of namerefs reads as nothing, and unset removes the first
declare -n b=c
declare -n c=b
echo "[$b]" 2>/dev/null
b=3 2>/dev/null
echo "status $?"
unset b 2>/dev/null
declare -p b 2>/dev/null || echo "b gone"
declare -p c
## STDOUT:
[]
status 1
b gone
declare -n c="b"
## END

#### local -n to its own name reaches the global variable: read, write, append, count, keys
f() { local -n arr=$1; echo "${#arr[@]} ${arr[*]} ${!arr[@]}"; arr+=(z); arr[0]=A; declare -p arr; }
arr=(p q r)
f arr 2>err
declare -p arr
head -n 1 err | sed 's/.*line [0-9]*: //'
## STDOUT:
3 p q r 0 1 2
declare -n arr="arr"
declare -a arr=([0]="A" [1]="q" [2]="r" [3]="z")
local: warning: arr: circular name reference
## END

#### local -n to its own name assigns the global array, made when it was unset
f() { local -n arr=$1; arr=(x y); echo "in: ${arr[1]}"; }
g() { local -n v=$1; v=hello; echo "in: $v"; }
arr=(a b)
f arr 2>/dev/null
g v 2>/dev/null
declare -p arr v
## STDOUT:
in: y
in: hello
declare -a arr=([0]="x" [1]="y")
declare -- v="hello"
## END

#### a self-named nameref passes over a caller's local to the global
outer() { local arr=(outer); inner arr; declare -p arr; }
inner() { local -n arr=$1; arr=(from-inner); }
arr=(global)
outer 2>/dev/null
declare -p arr
## STDOUT:
declare -a arr=([0]="outer")
declare -a arr=([0]="from-inner")
## END

#### unset of a self-named nameref leaves the local unset and the global as it was
f() { local -n arr=$1; unset arr; declare -p arr; }
arr=(keep)
f arr 2>/dev/null
declare -p arr
## STDOUT:
declare -- arr
declare -a arr=([0]="keep")
## END

#### read -a, mapfile, for, arithmetic and printf -v through a self-named nameref
r() { local -n a=$1; read -ra a <<< "r1 r2"; }
m() { local -n b=$1; mapfile -t b < <(printf 'm1\nm2\n'); }
l() { local -n t=$1; for t in 1 2; do :; done; }
n() { local -n n=$1; (( n++ )); n+=5; printf -v n '%s!' "$n"; }
a=(old old old); b=(old); n=1
{ r a; m b; l t; n n; } 2>/dev/null
declare -p a b t n
## STDOUT:
declare -a a=([0]="r1" [1]="r2")
declare -a b=([0]="m1" [1]="m2")
declare -- t="2"
declare -- n="25!"
## END

#### a subshell's assignment through a self-named nameref stays in the subshell
f() { local -n arr=$1; ( arr=(sub) ); echo "$(arr=(cs); echo "${arr[*]}") ${arr[*]}"; }
arr=(kept)
f arr 2>/dev/null
declare -p arr
## STDOUT:
cs kept
declare -a arr=([0]="kept")
## END

#### declare gives a self-named nameref's attributes to the nameref, export to the global
f() { local -n u=$1; declare -u u; u=abc; declare -p u; }
g() { local -n e=$1; export e; }
u=1; e=1
{ f u; g e; } 2>/dev/null
declare -p u e
## STDOUT:
declare -nu u="u"
declare -- u="abc"
declare -x e="1"
## END

#### ${!ref} of a self-named nameref is refused, as bash refuses it
arr=(a b)
f() { local -n arr=$1; echo "ind=${!arr}"; }
( f arr ) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### unset -n of a local nameref leaves it declared and unset in its function
x=glob
f() { local -n r=x; unset -n r; declare -p r; r=5; declare -p r; }
f
declare -p x
## STDOUT:
declare -- r
declare -- r="5"
declare -- x="glob"
## END

#### a refused for-loop assignment names its line, as bash does
declare -n r
readonly i=0
{
  for r in 'a b'; do :; done
  for i in 1; do :; done
} 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
line 4: `a b': not a valid identifier
line 5: i: readonly variable
## END
