# Associative arrays (bash): declare -A, keys as strings, ${!m[@]} in bash's own hash order,
# compound assignment with [key]=value and key-value pairs, unset, and quoting of keys.

#### declare -A and element reads
declare -A m
m[one]=1
m[two]=2
echo ${m[one]} ${m[two]} ${#m[@]}
## stdout: 1 2 2

#### keys are strings, not arithmetic
declare -A m
m[1+1]=x
m[2]=y
echo "${m[1+1]}" "${m[2]}"
## stdout: x y

#### keys are listed in bash's order
declare -A m
for k in a b c d e f g h alpha beta 10 2; do m[$k]=1; done
echo "${!m[@]}"
## stdout: alpha 2 h g f e d c b a beta 10

#### values follow the keys' order
declare -A m=([x]=1 [y]=2 [z]=3)
for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done
echo "${m[@]}"
## STDOUT:
z=3
y=2
x=1
3 2 1
## END

#### quoted keys with blanks
declare -A m
m["a b"]=1
k="a b"
echo "${m[$k]}" "${m["a b"]}" "${m[a b]}"
## stdout: 1 1 1

#### compound assignment with [key]=value
declare -A m=([k1]=v1 [k2]="v 2")
declare -p m
## stdout: declare -A m=([k1]="v1" [k2]="v 2" )

#### key-value pairs without subscripts
declare -A m
m=(k1 v1 k2 v2 k3)
declare -p m
## stdout: declare -A m=([k1]="v1" [k2]="v2" [k3]="" )

#### mixing pairs and subscripts is an error
declare -A m
m=([a]=1 b 2)
declare -p m
## STDOUT:
declare -A m=([a]="1" )
## END

#### m+=(...) adds keys
declare -A m=([a]=1)
m+=([b]=2)
echo ${#m[@]} ${m[a]} ${m[b]}
## stdout: 2 1 2

#### m[k]+=v appends to one value
declare -A m=([a]=x)
m[a]+=y
echo ${m[a]}
## stdout: xy

#### unset one key
declare -A m=([a]=1 [b]=2)
unset 'm[a]'
echo ${#m[@]} "${!m[@]}"
## stdout: 1 b

#### a missing key reads empty
declare -A m=([a]=1)
echo "[${m[zz]}]" "${m[zz]-unset}"
## stdout: [] unset

#### an empty key is a bad subscript: the line is abandoned, the script goes on
declare -A m
m[]=1; echo same line
echo status=$?
## stdout: status=1

#### $m is the value of key 0
declare -A m=([0]=zero [a]=x)
echo "$m"
## stdout: zero

#### assigning m=value sets key 0
declare -A m
m=v
declare -p m
## stdout: declare -A m=([0]="v" )

#### ${m@a} shows A
declare -A m
echo ${m@a}
## stdout: A

#### ${!m[*]} joined by IFS
declare -A m=([x]=1 [y]=2)
IFS=,
echo "${!m[*]}"
## stdout: y,x

#### special characters in keys are quoted by declare -p
declare -A m
m['$x']=1
m['a"b']=2
m[plain]=3
declare -p m
## stdout: declare -A m=(["a\"b"]="2" [plain]="3" ["\$x"]="1" )

#### converting an indexed array to associative is refused
a=(1 2)
declare -A a
echo status=$?
## stdout: status=1

#### arithmetic uses keys as strings in an associative array
declare -A m=([x]=5)
echo $(( m[x] + 1 ))
## stdout: 6

#### local associative array in a function
f() { local -A m=([k]=inner); echo ${m[k]}; }
f
echo "[${m[k]}]"
## STDOUT:
inner
[]
## END

#### counting words with an associative array
declare -A count
for w in a b a c b a; do count[$w]=$(( ${count[$w]:-0} + 1 )); done
for w in a b c; do echo $w=${count[$w]}; done
## STDOUT:
a=3
b=2
c=1
## END

#### ${m[@]@K} shows key-value pairs
declare -A m=([k]=v)
echo "${m[@]@K}|"
## stdout: k "v" |

#### length of an element
declare -A m=([k]=hello)
echo ${#m[k]}
## stdout: 5

#### unset key with a variable subscript
declare -A m=([a b]=1 [c]=2)
k="a b"
unset "m[$k]"
echo "${!m[@]}"
## stdout: c

#### $'...' and $"..." in a key are quoted strings, as in a word
declare -A m
m[$'a']=1
m[$'b c']=2
m[$"q"]=3
echo "${m[a]} ${m[b c]} ${m[q]} ${m[$'a']}"
## stdout: 1 2 3 1
