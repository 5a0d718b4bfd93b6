# while and until: the condition list runs before each pass; the status is the last body's, or 0
# when the body never ran.
## compare_shells: dash zsh

#### while counts with arithmetic
i=0
while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### until counts with arithmetic
i=0
until [ $i -ge 3 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### while false never runs the body, status 0
false
while false; do echo no; done
echo "status=$?"
## stdout: status=0

#### until true never runs the body, status 0
false
until true; do echo no; done
echo "status=$?"
## stdout: status=0

#### the status is the last body command's of the last pass
i=0
while [ $i -lt 2 ]; do i=$((i+1)); sh -c "exit $i"; done
echo "status=$?"
## stdout: status=2

#### the condition's failing status is not the loop's status
i=0
while [ $i -lt 1 ]; do i=1; true; done
echo "status=$?"
## stdout: status=0

#### until's status is the body's
n=0
until [ $n = 2 ]; do n=$((n+1)); false; done
echo "status=$?"
## stdout: status=1

#### the condition is a list: its last command decides
i=0
while echo "check $i"; [ $i -lt 2 ]; do i=$((i+1)); done
## STDOUT:
check 0
check 1
check 2
## END

#### while with an and-or condition
i=0
while [ $i -lt 5 ] && [ $i != 3 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### while with a negated condition
i=0
while ! [ $i = 2 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
## END

#### until with a pipeline condition
i=0
until echo $i | grep -q 3; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### while reading lines from a pipe
printf 'a\nb\nc\n' | while read line; do echo "got $line"; done
## STDOUT:
got a
got b
got c
## END

#### while read from a file redirect
printf '1 2\n3 4\n' > f
while read a b; do echo "$b $a"; done < f
## STDOUT:
2 1
4 3
## END

#### while read -r keeps backslashes
printf 'a\\b\n' > f
while read -r l; do echo "$l"; done < f
## stdout: a\b

#### while reading the last line without a newline
printf 'x\ny' | while read l || [ -n "$l" ]; do echo "[$l]"; done
## STDOUT:
[x]
[y]
## END

#### variables set in the loop persist after it
i=0
while [ $i -lt 3 ]; do last=$i; i=$((i+1)); done
echo "last=$last i=$i"
## stdout: last=2 i=3

#### a while loop in a pipeline runs in a subshell: variables do not come back
x=before
echo data | while read l; do x=$l; done
echo "x=$x"
## stdout: x=before

#### nested while loops
i=0
while [ $i -lt 2 ]; do
  j=0
  while [ $j -lt 2 ]; do echo "$i$j"; j=$((j+1)); done
  i=$((i+1))
done
## STDOUT:
00
01
10
11
## END

#### until inside while
i=0
while [ $i -lt 2 ]; do
  j=0
  until [ $j = 2 ]; do echo "$i-$j"; j=$((j+1)); done
  i=$((i+1))
done
## STDOUT:
0-0
0-1
1-0
1-1
## END

#### break ends a while loop
i=0
while true; do i=$((i+1)); [ $i = 3 ] && break; echo $i; done
echo "done $i"
## STDOUT:
1
2
done 3
## END

#### continue skips to the condition
i=0
while [ $i -lt 4 ]; do i=$((i+1)); [ $i = 2 ] && continue; echo $i; done
## STDOUT:
1
3
4
## END

#### break in until
until false; do echo once; break; done
## stdout: once

#### continue in until re-tests the condition
n=0
until [ $n -ge 3 ]; do n=$((n+1)); continue; echo never; done
echo "n=$n"
## stdout: n=3

#### a while loop's output can be piped
i=0
while [ $i -lt 3 ]; do echo line$i; i=$((i+1)); done | tr a-z A-Z
## STDOUT:
LINE0
LINE1
LINE2
## END

#### a while loop's output can be redirected to a file
i=0
while [ $i -lt 2 ]; do echo $i; i=$((i+1)); done > out
cat out
## STDOUT:
0
1
## END

#### while in command substitution
r=$(i=0; while [ $i -lt 3 ]; do printf %s $i; i=$((i+1)); done)
echo "r=$r"
## stdout: r=012

#### while true with exit in the body ends the script
while true; do echo once; exit 4; done
echo not-reached
## stdout: once
## status: 4

#### multi-line while
i=0
while
  [ $i -lt 2 ]
do
  echo $i
  i=$((i+1))
done
## STDOUT:
0
1
## END

#### while with a function as condition
n=0
more() { [ $n -lt 3 ]; }
while more; do n=$((n+1)); done
echo n=$n
## stdout: n=3

#### while condition output is not swallowed
i=0
while echo cond; [ $i -lt 1 ]; do i=1; echo body; done
## STDOUT:
cond
body
cond
## END

#### while with (( )) condition
i=0
while (( i < 3 )); do echo $i; (( i++ )); done
## STDOUT:
0
1
2
## END

#### until with [[ ]] condition
s=
until [[ $s == xxx ]]; do s=${s}x; echo $s; done
## STDOUT:
x
xx
xxx
## END

#### while keywords are plain words as arguments
echo while do done until
## stdout: while do done until

#### a while loop in the background
i=0
while [ $i -lt 2 ]; do echo bg$i; i=$((i+1)); done &
wait $!
echo waited
## STDOUT:
bg0
bg1
waited
## END

#### missing done is a syntax error
$SH -c 'while true; do echo a' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### missing do is a syntax error
$SH -c 'while true; echo a; done' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### an empty body is a syntax error
$SH -c 'while false; do done' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### done without a loop is a syntax error
$SH -c 'echo a; done' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### the body may be a brace group or a subshell
i=0
while [ $i -lt 2 ]; do { echo brace$i; }; (echo sub$i); i=$((i+1)); done
## STDOUT:
brace0
sub0
brace1
sub1
## END

#### a while loop runs many iterations
i=0
while [ $i -lt 2000 ]; do i=$((i+1)); done
echo $i
## stdout: 2000

#### while read splitting into fields with IFS set before the loop
IFS=:
printf 'a:b:c\n' | while read x y z; do echo "$z $y $x"; done
## stdout: c b a

#### while loop with a here-document
while read l; do echo "<$l>"; done <<EOF
one
two
EOF
## STDOUT:
<one>
<two>
## END

#### a while body that never runs leaves $? at 0 even after a failure
false
while false; do :; done; echo $?
until :; do :; done; echo $?
## STDOUT:
0
0
## END

#### the condition's redirect applies each time it runs
i=0
while echo c$i >> log; [ $i -lt 2 ]; do i=$((i+1)); done
cat log
## STDOUT:
c0
c1
c2
## END

#### a loop that ends with a failing break status keeps 0
while true; do false; break; done
echo $?
## stdout: 0
