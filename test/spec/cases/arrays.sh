# Indexed arrays (bash): compound assignment, subscripts, sparse arrays, appending, unset,
# negative subscripts, "${a[@]}" against "${a[*]}", and the operators applied per element.

#### compound assignment and element reads
a=(one "two words" three)
argv "${a[0]}" "${a[1]}" "${a[2]}"
## stdout: <one> <two words> <three>

#### $a is element 0
a=(x y z)
argv "$a" "${a}"
## stdout: <x> <x>

#### "${a[@]}" keeps elements as fields
a=("a b" c "")
argv "${a[@]}"
## stdout: <a b> <c> <>

#### "${a[*]}" joins with the first IFS character
a=(x y z)
IFS=:
argv "${a[*]}"
## stdout: <x:y:z>

#### unquoted ${a[@]} splits elements further
a=("a b" c)
argv ${a[@]}
## stdout: <a> <b> <c>

#### empty array: "${a[@]}" makes no field, "${a[*]}" one empty field
a=()
argv "${a[@]}"
argv "${a[*]}"
## STDOUT:

<>
## END

#### ${#a[@]} counts elements, ${#a[i]} measures one
a=(abc de "")
echo ${#a[@]} ${#a[*]} ${#a[0]} ${#a[1]} ${#a[2]}
## stdout: 3 3 3 2 0

#### element assignment makes an array
unset a
a[2]=x
declare -p a
## stdout: declare -a a=([2]="x")

#### sparse array keeps index order
a[10]=ten
a[3]=three
a[7]=seven
echo "${a[@]}"
echo "${!a[@]}"
## STDOUT:
three seven ten
3 7 10
## END

#### [key]=value inside a compound assignment sets the next index
a=([5]=five six [1]=one two)
declare -p a
## stdout: declare -a a=([1]="one" [2]="two" [5]="five" [6]="six")

#### a+=(...) appends after the highest index
a=([4]=x)
a+=(y z)
declare -p a
## stdout: declare -a a=([4]="x" [5]="y" [6]="z")

#### a[i]+=value appends to one element
a=(ab cd)
a[1]+=ef
echo "${a[@]}"
## stdout: ab cdef

#### a+=value appends to element 0
a=(x y)
a+=z
echo "${a[@]}"
## stdout: xz y

#### a=value replaces element 0 only
a=(x y)
a=z
echo "${a[@]}"
## stdout: z y

#### negative subscripts count from the end
a=(1 2 3 4)
echo ${a[-1]} ${a[-2]}
a[-1]=last
echo "${a[@]}"
## STDOUT:
4 3
1 2 3 last
## END

#### negative subscript before the start reads nothing
a=(1 2)
echo "[${a[-5]}]"
## stdout: []

#### assigning before the start is a bad subscript: the line is abandoned
a=(1 2)
a[-5]=x; echo same line
echo status=$?
## stdout: status=1

#### subscripts are arithmetic
a=(a b c d e)
i=1
echo ${a[i+1]} ${a[$i*2]} ${a[ 4 ]}
## stdout: c c e

#### subscript with a command substitution
a=(a b c)
echo ${a[$(echo 2)]}
## stdout: c

#### unset one element
a=(a b c)
unset 'a[1]'
declare -p a
echo ${#a[@]}
## STDOUT:
declare -a a=([0]="a" [2]="c")
2
## END

#### unset the whole array
a=(a b c)
unset a
echo "${#a[@]}" "[${a[@]}]"
## stdout: 0 []

#### unset a negative subscript
a=(a b c)
unset 'a[-1]'
echo "${a[@]}"
## stdout: a b

#### ${!a[@]} lists indices
a=([2]=x [9]=y)
argv "${!a[@]}"
## stdout: <2> <9>

#### ${!a[*]} joins indices
a=(x y z)
IFS=-
echo "${!a[*]}"
## stdout: 0-1-2

#### elements split and glob in a compound assignment
touch f1 f2
v="p q"
a=($v f*)
argv "${a[@]}"
## stdout: <p> <q> <f1> <f2>

#### quoted elements do not split
v="p q"
a=("$v" '$v')
argv "${a[@]}"
## stdout: <p q> <$v>

#### compound assignment across lines with comments
a=(
  one   # the first
  two
  # a comment line
  three
)
echo ${#a[@]} "${a[@]}"
## stdout: 3 one two three

#### "${a[@]}" in a for loop
a=("x y" z)
for e in "${a[@]}"; do echo "[$e]"; done
## STDOUT:
[x y]
[z]
## END

#### ${a[@]:offset:length} slices by index
a=(a b c d e)
echo "${a[@]:1:2}" / "${a[@]:3}" / "${a[@]: -2}" / "${a[@]:9}"
## stdout: b c / d e / d e /

#### a slice of a sparse array starts at the first index at or after the offset
a=([1]=a [5]=b [9]=c)
echo "${a[@]:2}" / "${a[@]:2:1}"
## stdout: b c / b

#### per-element operators
a=(apple.txt banana.txt cherry.md)
echo "${a[@]%.*}"
echo "${a[@]/a/A}"
echo "${a[@]^}"
echo "${a[@]#*a}"
## STDOUT:
apple banana cherry
Apple.txt bAnana.txt cherry.md
Apple.txt Banana.txt Cherry.md
pple.txt nana.txt cherry.md
## END

#### ${a[@]:-default} on an empty array
a=()
echo "${a[@]:-none}" "${a[*]-unset}"
## stdout: none unset

#### ${a[i]:-w} on a missing element
a=(x)
echo "${a[3]:-missing}" "${a[0]:-w}"
## stdout: missing x

#### ${a[i]=w} assigns the element
a=(x)
: "${a[2]=new}"
declare -p a
## stdout: declare -a a=([0]="x" [2]="new")

#### ${a[@]@Q} quotes each element
a=("it's" plain)
echo "${a[@]@Q}"
## stdout: 'it'\''s' 'plain'

#### ${a[@]@A} and ${a@a}
a=(x "y z")
echo "${a[@]@A}"
echo "${a@a}"
## STDOUT:
declare -a a=([0]="x" [1]="y z")
a
## END

#### ${a[@]@K} shows index-value pairs
a=(x "y z")
echo "${a[@]@K}"
## stdout: 0 "x" 1 "y z"

#### a scalar is an array of one element
s=hello
echo "${s[0]}" "${#s[@]}" "${!s[@]}" "${s[@]}"
## stdout: hello 1 0 hello

#### an element of a scalar assigned makes it an array
s=hello
s[1]=world
declare -p s
## stdout: declare -a s=([0]="hello" [1]="world")

#### indirect expansion through an element name
a=(x y z)
r='a[2]'
echo "${!r}"
## stdout: z

#### indirect expansion of all elements
a=(x y z)
r='a[@]'
echo "${!r}"
## stdout: x y z

#### arithmetic reads and assigns elements
a=(5 6)
(( a[1] += a[0] * 2 ))
echo $(( a[1] )) ${a[1]}
## stdout: 16 16

#### arithmetic on an unset element is 0
unset a
echo $(( a[3] + 1 ))
## stdout: 1

#### ${#a} is the length of element 0
a=(hello wo)
echo ${#a}
## stdout: 5

#### arrays are not exported
a=(1 2)
export a
sh -c 'echo "[${a-unset}]"'
## stdout: [unset]

#### an array copies into a subshell and changes stay there
a=(1 2)
( a+=(3); echo ${#a[@]} )
echo ${#a[@]}
## STDOUT:
3
2
## END

#### local arrays in a function
f() { local -a x=(1 2 3); echo ${#x[@]}; }
x=outer
f
echo "$x"
## STDOUT:
3
outer
## END

#### a loop building an array
a=()
for i in 1 2 3; do a+=("item $i"); done
printf '%s\n' "${a[@]}"
## STDOUT:
item 1
item 2
item 3
## END

#### "$@"-like joining inside other text
a=(x y)
argv "pre${a[@]}post"
## stdout: <prex> <ypost>

#### "${a[*]}" inside other text
a=(x y)
argv "pre${a[*]}post"
## stdout: <prex ypost>

#### a compound assignment replaces the whole array
a=(1 2 3 4)
a=(x)
declare -p a
## stdout: declare -a a=([0]="x")

#### empty compound assignment makes an empty array
a=()
declare -p a
## stdout: declare -a a=()

#### a subscript with blanks inside ${}
a=(x y z)
echo ${a[ 1 + 1 ]}
## stdout: z

#### an unquoted * in a subscript is not a glob
touch 2
a=(x y z)
echo ${a[2*1]}
## stdout: z

#### unset 'a[@]' and 'a[*]' empty an indexed array and keep it; a scalar has no elements
a=(1 2 3); unset 'a[@]'; declare -p a; echo "${#a[@]}"
b=(1 2); unset 'b[*]'; declare -p b
declare -A m=([x]=1 [@]=2); unset 'm[@]'; declare -p m
s=str; unset 's[@]' 2>&1 | sed 's/^.*line [0-9]*: //'; declare -p s
declare -r r=(1); unset 'r[@]' 2>/dev/null; echo "status $?"; declare -p r
## STDOUT:
declare -a a=()
0
declare -a b=()
declare -A m=([x]="1" )
unset: s: not an array variable
declare -- s="str"
status 1
declare -ar r=([0]="1")
## END
