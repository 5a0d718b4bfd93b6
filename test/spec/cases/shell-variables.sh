# Variables the shell keeps: RANDOM (bash's generator, so a seed gives bash's sequence),
# SECONDS, EPOCHSECONDS, EPOCHREALTIME, LINENO, PIPESTATUS, FUNCNAME, BASH_REMATCH, PPID, UID,
# EUID, SHLVL, OPTIND; read -a, mapfile and printf -v into arrays.
# Known difference: Quirl sets QUIRL_VERSION where bash sets BASH_VERSION.

#### RANDOM seeded gives bash's sequence
RANDOM=42
echo $RANDOM $RANDOM $RANDOM
## stdout: 17772 26794 1435

#### RANDOM seeded with 1
RANDOM=1
echo $RANDOM $RANDOM
## stdout: 16807 10791

#### RANDOM is within 0..32767
ok=yes
for i in 1 2 3 4 5 6 7 8 9 10; do r=$RANDOM; [ "$r" -ge 0 ] && [ "$r" -le 32767 ] || ok=no; done
echo $ok
## stdout: yes

#### unset RANDOM makes it an ordinary variable
unset RANDOM
RANDOM=5
echo $RANDOM $RANDOM
## stdout: 5 5

#### SECONDS counts from an assignment
SECONDS=100
[ "$SECONDS" -ge 100 ] && [ "$SECONDS" -le 102 ] && echo ok
## stdout: ok

#### EPOCHSECONDS is the time
now=$(date +%s)
d=$(( EPOCHSECONDS - now ))
[ $d -ge -1 ] && [ $d -le 2 ] && echo ok
## stdout: ok

#### EPOCHREALTIME has microseconds
[[ $EPOCHREALTIME =~ ^[0-9]+\.[0-9]{6}$ ]] && echo ok
## stdout: ok

#### LINENO is the line of the command
echo $LINENO
echo $LINENO
## STDOUT:
1
2
## END

#### PIPESTATUS of a pipeline
false | true | (exit 3)
echo "${PIPESTATUS[@]}" ${#PIPESTATUS[@]}
## stdout: 1 0 3 3

#### PIPESTATUS of a single command and a negation
(exit 4)
echo ${PIPESTATUS[0]}
! false
echo ${PIPESTATUS[@]}
## STDOUT:
4
1
## END

#### PIPESTATUS after a brace group is its last pipeline's
{ false | true; }
echo ${PIPESTATUS[@]}
## stdout: 1 0

#### PIPESTATUS after an assignment
false
x=1
echo ${PIPESTATUS[@]}
## stdout: 0

#### FUNCNAME inside nested functions
inner() { echo "${FUNCNAME[@]}"; }
outer() { inner; }
outer
$SH -c 'f() { echo "${FUNCNAME[@]}"; }; f'
## STDOUT:
inner outer main
f
## END

#### FUNCNAME is empty outside a function
echo "[${FUNCNAME[@]}]" ${#FUNCNAME[@]}
## stdout: [] 0

#### BASH_REMATCH holds the match and its groups
[[ "key=value" =~ ^([a-z]+)=(.*)$ ]]
echo "${BASH_REMATCH[@]}" ${#BASH_REMATCH[@]}
echo "${BASH_REMATCH[1]}"
## STDOUT:
key=value key value 3
key
## END

#### BASH_REMATCH is empty after a failed match
[[ abc =~ (b) ]]
[[ abc =~ x ]]
echo ${#BASH_REMATCH[@]}
## stdout: 0

#### PPID is the parent's pid
[ "$PPID" = "$(ps -o ppid= -p $$ | tr -d ' ')" ] && echo ok
## stdout: ok

#### UID and EUID are readonly integers
echo ${UID@a} ${EUID@a}
[ "$UID" = "$(id -u)" ] && echo ok
## STDOUT:
ir ir
ok
## END

#### assigning UID fails
UID=12345; echo same line
echo status=$?
## stdout: status=1

#### SHLVL counts nested shells
a=$SHLVL
$SH -c 'echo $SHLVL' > level
echo $(( $(cat level) - a ))
## stdout: 1

#### OPTIND starts at 1
echo $OPTIND
## stdout: 1

#### read -a splits into elements
read -a parts <<< "  one two   three "
declare -p parts
## stdout: declare -a parts=([0]="one" [1]="two" [2]="three")

#### read -a with IFS keeps empty fields
IFS=: read -a parts <<< "a::b:"
declare -p parts
## stdout: declare -a parts=([0]="a" [1]="" [2]="b")

#### read -a empties the array first
parts=(old old old)
read -a parts <<< "new"
declare -p parts
## stdout: declare -a parts=([0]="new")

#### mapfile -t
printf 'a\nb c\n\nd\n' > f
mapfile -t lines < f
declare -p lines
## stdout: declare -a lines=([0]="a" [1]="b c" [2]="" [3]="d")

#### mapfile keeps newlines without -t
printf 'a\nb\n' | { mapfile lines; declare -p lines; }
## stdout: declare -a lines=([0]=$'a\n' [1]=$'b\n')

#### mapfile -n reads no further than it keeps
printf '1\n2\n3\n' | { mapfile -t -n 1 first; read rest; echo "${first[@]} / $rest"; }
## stdout: 1 / 2

#### mapfile -s skips and -O sets the origin
printf 'x\ny\nz\n' > f
arr=(keep)
mapfile -t -s 1 -O 1 arr < f
declare -p arr
## stdout: declare -a arr=([0]="keep" [1]="y" [2]="z")

#### mapfile -d with another delimiter
printf 'a,b,c' | { mapfile -t -d , parts; declare -p parts; }
## stdout: declare -a parts=([0]="a" [1]="b" [2]="c")

#### mapfile defaults to MAPFILE
printf 'q\n' | { mapfile -t; echo "${MAPFILE[0]}"; }
## stdout: q

#### readarray is mapfile
printf 'r1\nr2\n' | { readarray -t r; echo ${#r[@]}; }
## stdout: 2

#### mapfile -C runs a callback
printf 'l1\nl2\n' | { mapfile -t -C 'echo cb' -c 1 q; }
## STDOUT:
cb 0 l1
cb 1 l2
## END

#### mapfile with a bad option
mapfile -x 2>/dev/null
echo status=$?
## stdout: status=2

#### printf -v into an element
printf -v 'arr[3]' '%05d' 42
declare -p arr
## stdout: declare -a arr=([3]="00042")

#### printf -v into a variable
printf -v out '%s-%s' a b
echo $out
## stdout: a-b

#### $_ is the previous command's last argument
echo a b
echo $_
true
echo "[$_]"
x=5
echo "[$_]"
## STDOUT:
a b
b
[true]
[]
## END

#### $_ after a function, eval or . is that command's own last argument, not one it ran
f() { [ "$1" -gt 0 ] && f $(( $1 - 1 )) y; }
f 3 y
echo "[$_]"
g() { true inner; return 3; }
g a b
echo "[$_]"
g
echo "[$_]"
eval 'true inner'
echo "[$_]"
## STDOUT:
[y]
[b]
[g]
[true inner]
## END
