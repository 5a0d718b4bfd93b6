# for NAME in WORDS, for NAME (the positional parameters), and bash's for (( init; cond; step )).
## compare_shells: dash zsh

#### for over a word list
for x in a b c; do echo $x; done
## STDOUT:
a
b
c
## END

#### for over an empty list never runs the body, status 0
false
for x in; do echo no; done
echo "status=$?"
## stdout: status=0

#### the words are expanded and split
list="one two  three"
for w in $list; do echo "[$w]"; done
## STDOUT:
[one]
[two]
[three]
## END

#### quoted words are not split
list="one two"
for w in "$list" x; do echo "[$w]"; done
## STDOUT:
[one two]
[x]
## END

#### for over a glob
touch b.txt a.txt c.log
for f in *.txt; do echo $f; done
## STDOUT:
a.txt
b.txt
## END

#### a glob that matches nothing stays as is
for f in *.nomatch; do echo "$f"; done
## stdout: *.nomatch

#### for without in iterates the positional parameters
set -- p1 "p 2" p3
for a; do echo "[$a]"; done
## STDOUT:
[p1]
[p 2]
[p3]
## END

#### for with in "$@"
set -- x "y z"
for a in "$@"; do echo "[$a]"; done
## STDOUT:
[x]
[y z]
## END

#### for without in, on a new line
set -- a b
for a
do
  echo $a
done
## STDOUT:
a
b
## END

#### for over command substitution output
for n in $(echo 1 2 3); do echo n$n; done
## STDOUT:
n1
n2
n3
## END

#### the variable keeps its last value after the loop
for v in first second last; do :; done
echo "v=$v"
## stdout: v=last

#### an empty list leaves the variable unchanged
v=orig
for v in; do :; done
echo "v=$v"
## stdout: v=orig

#### the status is the body's last command of the last pass
for i in 1 2 3; do sh -c "exit $i"; done
echo "status=$?"
## stdout: status=3

#### assignments in the body persist
for i in 1 2 3; do sum=$((sum + i)); done
echo "sum=$sum"
## stdout: sum=6

#### nested for loops
for i in 1 2; do for j in a b; do echo $i$j; done; done
## STDOUT:
1a
1b
2a
2b
## END

#### for with break
for i in 1 2 3 4; do [ $i = 3 ] && break; echo $i; done
## STDOUT:
1
2
## END

#### for with continue
for i in 1 2 3 4; do [ $i = 2 ] && continue; echo $i; done
## STDOUT:
1
3
4
## END

#### the word list is expanded once, before the loop
x="a b"
for w in $x; do x="c d e"; echo $w; done
## STDOUT:
a
b
## END

#### changing the variable in the body does not change the iteration
for i in 1 2 3; do echo $i; i=9; done
## STDOUT:
1
2
3
## END

#### for over a list with empty quoted words
for w in "" a ""; do echo "[$w]"; done
## STDOUT:
[]
[a]
[]
## END

#### for loop output piped
for i in c a b; do echo $i; done | sort
## STDOUT:
a
b
c
## END

#### for loop output redirected
for i in 1 2; do echo $i; done > f
cat f
## STDOUT:
1
2
## END

#### for in command substitution
r=$(for i in 1 2 3; do printf %s $i; done)
echo $r
## stdout: 123

#### a for loop in the background
for i in 1 2; do echo bg$i; done &
wait $!
## STDOUT:
bg1
bg2
## END

#### for with a newline before do
for i in a b
do echo $i
done
## STDOUT:
a
b
## END

#### for on one line with in on the next line
for i \
in x y; do echo $i; done
## STDOUT:
x
y
## END

#### keywords in the word list are plain words
for w in do done for in; do echo $w; done
## STDOUT:
do
done
for
in
## END

#### an invalid loop variable name is a runtime error, status 1, and the script goes on
echo before
for 1x in a; do echo body; done 2>/dev/null
echo "status=$?"
## STDOUT:
before
status=1
## END

#### a quoted loop variable name is not a valid identifier
for "i" in a; do echo body; done 2>/dev/null
echo "status=$?"
## stdout: status=1

#### a brace group may stand in for do ... done
for i in a b; { echo $i; }
set -- p q
for i
{ echo $i; }
## STDOUT:
a
b
p
q
## END

#### missing do is a syntax error
$SH -c 'for i in a b; echo $i; done' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### missing done is a syntax error
$SH -c 'for i in a b; do echo $i' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### for with brace-expansion-like word stays literal without braces
for w in a,b; do echo $w; done
## stdout: a,b

#### exit in the body ends the script
for i in 1 2 3; do echo $i; [ $i = 2 ] && exit 5; done
echo not-reached
## STDOUT:
1
2
## END
## status: 5

#### arithmetic for counts
for ((i = 0; i < 3; i++)); do echo $i; done
## STDOUT:
0
1
2
## END

#### arithmetic for with several expressions and commas
for ((i = 0, j = 10; i < 3; i++, j--)); do echo $i $j; done
## STDOUT:
0 10
1 9
2 8
## END

#### arithmetic for with an empty condition loops until break
for ((i = 0; ; i++)); do [ $i = 3 ] && break; echo $i; done
## STDOUT:
0
1
2
## END

#### arithmetic for with all parts empty
n=0
for ((;;)); do n=$((n+1)); [ $n = 4 ] && break; done
echo n=$n
## stdout: n=4

#### arithmetic for whose condition is false at once
false
for ((i = 5; i < 3; i++)); do echo no; done
echo "status=$? i=$i"
## stdout: status=0 i=5

#### arithmetic for status is the body's last
for ((i = 0; i < 2; i++)); do false; done
echo "status=$?"
## stdout: status=1

#### arithmetic for continue still runs the step
for ((i = 0; i < 5; i++)); do (( i % 2 )) && continue; echo $i; done
## STDOUT:
0
2
4
## END

#### arithmetic for with do on the next line
for ((i = 1; i <= 2; i++))
do
  echo line$i
done
## STDOUT:
line1
line2
## END

#### arithmetic for with a brace body
for ((i = 0; i < 2; i++)) { echo brace$i; }
## STDOUT:
brace0
brace1
## END

#### arithmetic for variable persists after the loop
for ((i = 0; i < 4; i++)); do :; done
echo i=$i
## stdout: i=4

#### arithmetic for with variables expanded with $
max=3
for ((i = 0; i < $max; i++)); do printf '%s ' $i; done
echo
## STDOUT:
0 1 2 
## END

#### arithmetic for counting down
for ((i = 3; i > 0; i--)); do echo $i; done
## STDOUT:
3
2
1
## END

#### nested arithmetic for loops
for ((i = 0; i < 2; i++)); do for ((j = 0; j < 2; j++)); do echo "$i,$j"; done; done
## STDOUT:
0,0
0,1
1,0
1,1
## END

#### arithmetic for mixed with word for
for ((i = 0; i < 2; i++)); do for w in a b; do echo $i$w; done; done
## STDOUT:
0a
0b
1a
1b
## END

#### arithmetic for, the body changes the counter
for ((i = 0; i < 10; i++)); do echo $i; i=$((i + 3)); done
## STDOUT:
0
4
8
## END

#### arithmetic for with an error in the condition
for ((i = 0; i < 1 +; i++)); do echo body; done 2>/dev/null
echo "after status=$?"
## stdout: after status=1

#### for i in with a function call in the body
show() { echo "item: $1"; }
for i in a b; do show $i; done
## STDOUT:
item: a
item: b
## END
