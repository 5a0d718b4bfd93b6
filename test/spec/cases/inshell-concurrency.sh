# In-shell stages (loops, groups, functions, builtins) run concurrently with each other and with
# external stages: a reader that stops early ends an endless in-shell writer (SIGPIPE, 141), and
# many in-shell stages passing data along do not deadlock.
## compare_shells: dash zsh

#### yes | while read ... | head -3 ends
yes | while read l; do echo "$l"; done | head -3
## STDOUT:
y
y
y
## END

#### while true; do echo y; done | head -1 ends, and the pipeline's status is head's
while true; do echo y; done | head -1
echo "status=$?"
## STDOUT:
y
status=0
## END

#### the writer loop dies of SIGPIPE: its status is 141
mkfifo p
head -1 p > /dev/null &
reader=$!
(while true; do echo y; done) > p
echo "status=$?"
wait $reader
## stdout: status=141

#### a writer function dies of SIGPIPE with status 141, quietly
mkfifo p
head -c 1 p > /dev/null &
reader=$!
f() { for ((;;)); do echo yy; done; }
(f) > p
echo "status=$?"
wait $reader
## stdout: status=141
## stderr-json: ""

#### an endless for (( )) writer ends when the reader stops
for ((;;)); do echo z; done | head -2
## STDOUT:
z
z
## END

#### an endless function writer ends when the reader stops
f() { while :; do echo fn; done; }
f | head -2
## STDOUT:
fn
fn
## END

#### an in-shell reader and an in-shell writer at once
i=0
while [ $i -lt 5 ]; do echo $i; i=$((i+1)); done | while read n; do echo "got $n"; done
## STDOUT:
got 0
got 1
got 2
got 3
got 4
## END

#### three in-shell loops in a row
seq 1 5 | while read n; do echo $((n * 2)); done | while read n; do echo $((n + 1)); done | while read n; do printf '%s ' $n; done
echo
## STDOUT:
3 5 7 9 11 
## END

#### 16 in-shell stages pass data along
seq 1 3 | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; } | { cat; }
## STDOUT:
1
2
3
## END

#### 16 in-shell read loops pass lines along
f() { while read l; do echo "$l"; done; }
seq 1 4 | f | f | f | f | f | f | f | f | f | f | f | f | f | f | f | f | tr '\n' ' '
echo
## STDOUT:
1 2 3 4 
## END

#### five in-shell stages each writing more than a pipe buffer do not deadlock
x=$(head -c 100000 /dev/zero | tr '\0' a)
echo $x | echo $x | echo $x | echo $x | echo $x | cat | wc -c
## stdout: 100001

#### sixteen in-shell stages each writing more than a pipe buffer do not deadlock
x=$(head -c 70000 /dev/zero | tr '\0' b)
f() { echo $x; cat > /dev/null; }
f | f | f | f | f | f | f | f | f | f | f | f | f | f | f | f | wc -c
## stdout: 70001

#### a megabyte through in-shell brace groups
head -c 1048576 /dev/zero | { cat; } | { cat; } | { cat; } | { cat; } | wc -c
## stdout: 1048576

#### an in-shell stage between two external ones
seq 1 3 | while read n; do echo "n=$n"; done | sort -r
## STDOUT:
n=3
n=2
n=1
## END

#### a loop writing many lines to an external reader
i=0
while [ $i -lt 3000 ]; do echo line; i=$((i+1)); done | wc -l
## stdout: 3000

#### an external writer to an in-shell loop that counts
seq 1 3000 | { n=0; while read l; do n=$((n+1)); done; echo "n=$n"; }
## stdout: n=3000

#### both sides in-shell with a lot of data
i=0
{ while [ $i -lt 2000 ]; do echo "some text $i"; i=$((i+1)); done; } | { c=0; while read l; do c=$((c+1)); done; echo "c=$c"; }
## stdout: c=2000

#### a slow reader does not lose lines from a fast in-shell writer
{ for i in 1 2 3 4 5; do echo $i; done; } | { while read l; do sh -c "echo r$l"; done; }
## STDOUT:
r1
r2
r3
r4
r5
## END

#### the pipeline waits for every in-shell stage
{ echo first; } | { cat; echo second; }
echo after
## STDOUT:
first
second
after
## END

#### an in-shell writer whose reader exits at once
{ while :; do echo spin; done; } | true
echo "status=$?"
## stdout: status=0

#### an in-shell writer to a reader that never reads
{ for i in $(seq 1 20000); do echo $i; done; } | sh -c 'exit 0'
echo "status=$?"
## stdout: status=0

#### a writer loop of builtins with printf ends when the reader stops
while :; do printf 'p\n'; done | head -3
## STDOUT:
p
p
p
## END

#### an in-shell pipeline in the background, waited for
while read l; do echo "bg $l"; done < /dev/null | cat &
{ echo a; echo b; } | { while read l; do echo "bg $l"; done; } > out &
wait
sort out
## STDOUT:
bg a
bg b
## END

#### two in-shell pipelines in the background at once
{ for i in 1 2 3; do echo a$i; done; } > a.out &
{ for i in 1 2 3; do echo b$i; done; } > b.out &
wait
cat a.out b.out
## STDOUT:
a1
a2
a3
b1
b2
b3
## END

#### an in-shell stage writing to a FIFO that an external command reads
mkfifo ff
cat ff &
{ echo through-fifo; } > ff
wait
## stdout: through-fifo

#### a loop of builtins in one stage while another stage runs an external command
{ i=0; while [ $i -lt 500 ]; do i=$((i+1)); done; echo "loop $i"; } | { sh -c 'cat; echo ext-done'; }
## STDOUT:
loop 500
ext-done
## END

#### in-shell stages see their own copies of variables at the same time
x=0
{ x=1; echo "left $x"; } | { x=2; cat; echo "right $x"; }
echo "parent $x"
## STDOUT:
left 1
right 2
parent 0
## END

#### yes into a brace group that reads two lines with read
yes | { read a; read b; echo "$a$b"; }
## stdout: yy

#### an in-shell stage closing its stdin early
yes | { head -c 10 > /dev/null; echo closed; }
## stdout: closed

#### stderr of an in-shell stage is not piped
{ echo to-err >&2; echo to-out; } 2>/dev/null | cat
## stdout: to-out

#### |& on an in-shell stage pipes stderr too
{ echo e >&2; echo o; } |& sort
## STDOUT:
e
o
## END

#### a command substitution of an in-shell pipeline
r=$(seq 1 3 | while read n; do printf $n; done)
echo "r=$r"
## stdout: r=123

#### a command substitution of an endless in-shell writer cut by head
r=$(while :; do echo w; done | head -2 | tr '\n' ,)
echo "r=$r"
## stdout: r=w,w,

#### nested pipelines inside in-shell stages
{ echo abc | tr a-z A-Z; } | { tr A-Z a-z | rev; }
## stdout: cba

#### many short in-shell pipelines in a loop
for i in $(seq 1 30); do echo $i | { read n; echo $((n * n)); }; done | tail -1
## stdout: 900

#### an endless writer and an endless reader stopped by the reader's break
yes | while read l; do echo got; break; done
## stdout: got

#### an in-shell writer to a pipe whose reader reads half
{ for i in $(seq 1 5000); do echo $i; done; } | head -c 100 | wc -c
## stdout: 100

#### in-shell stages and external stages interleaved
seq 1 5 | { cat; } | grep -v 3 | while read n; do echo $n; done | tr '\n' ' '
echo
## STDOUT:
1 2 4 5 
## END

#### a function reading and writing in the middle of a pipeline
up() { while read l; do echo "$l" | tr a-z A-Z; done; }
printf 'a\nb\n' | up | cat
## STDOUT:
A
B
## END

#### an in-shell stage that runs an external command writing a lot
{ head -c 300000 /dev/zero; } | { { cat; } | wc -c; }
## stdout: 300000

#### an endless writer into a function that exits early
first() { read l; echo "first=$l"; }
yes | first
## stdout: first=y

#### an endless in-shell writer into a while loop that stops at the third line
yes | { n=0; while read l; do n=$((n+1)); [ $n = 3 ] && break; done; echo "n=$n"; }
## stdout: n=3

#### the status of a pipeline ending in an in-shell stage
true | { false; }
echo "status=$?"
false | { true; }
echo "status=$?"
## STDOUT:
status=1
status=0
## END
