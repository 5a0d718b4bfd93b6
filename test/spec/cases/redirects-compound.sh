# Redirects on compound commands: applied once around the whole command, left to right, and
# undone after it; loops read and write through them; n>&m- moves a descriptor.
## compare_shells: dash zsh

#### while read ... done < file reads every line
printf 'a\nb\nc\n' > f
while read l; do echo "[$l]"; done < f
## STDOUT:
[a]
[b]
[c]
## END

#### the loop's input redirect is opened once, not per pass
printf '1\n2\n3\n' > f
while read a; do read b; echo "$a-$b"; done < f
## STDOUT:
1-2
3-
## END

#### commands in the loop body share the loop's stdin
printf 'l1\nl2\nl3\n' > f
while read x; do echo "loop $x"; head -c0; done < f
## STDOUT:
loop l1
loop l2
loop l3
## END

#### an external command in the body reads the rest of the loop's input
printf 'first\nsecond\nthird\n' > f
while read x; do echo "read $x"; cat; done < f
## STDOUT:
read first
second
third
## END

#### { ...; } > out 2>&1 captures both streams
{ echo out; echo err >&2; } > out 2>&1
sort out
## STDOUT:
err
out
## END

#### 2>&1 > out: the order matters
{ echo out; echo err >&2; } 2>&1 > out | sed 's/^/piped: /'
cat out
## STDOUT:
piped: err
out
## END

#### for ... done | cmd pipes the whole loop
for i in 3 1 2; do echo $i; done | sort
## STDOUT:
1
2
3
## END

#### for ... done > file writes the whole loop once
for i in 1 2 3; do echo $i; done > f
cat f
## STDOUT:
1
2
3
## END

#### for ... done >> file appends
echo start > f
for i in a b; do echo $i; done >> f
cat f
## STDOUT:
start
a
b
## END

#### if ... fi 2> err
if true; then echo to-err >&2; fi 2> err
echo "err=$(cat err)"
## stdout: err=to-err

#### case ... esac > file
case x in x) echo in-case;; esac > f
cat f
## stdout: in-case

#### a subshell with a redirect
(echo sub-out) > f
cat f
## stdout: sub-out

#### redirects on a compound command are undone after it
{ echo inside; } > f
echo outside
cat f
## STDOUT:
outside
inside
## END

#### the body's own redirects apply inside the group's
{ echo a > inner; echo b; } > outer
echo "inner=$(cat inner) outer=$(cat outer)"
## stdout: inner=a outer=b

#### redirects are performed left to right
{ echo msg >&2; } 2> f 2>&1
echo "f=[$(cat f)]"
## STDOUT:
msg
f=[]
## END

#### >&- closes stdout of a group
{ echo x; } >&- 2>/dev/null
echo "status=$?"
## stdout: status=1

#### n>&m- moves a descriptor
{ { echo via-4 >&4; } 4>&3-; } 3> f
cat f
## stdout: via-4

#### after n>&m- the source descriptor is closed for the command
{ { echo no >&3; } 4>&3- 2>/dev/null; echo "status=$?"; } 3> f
## stdout: status=1

#### n<&m- moves an input descriptor
echo moved-in > f
{ { cat <&5; } 5<&3-; } 3< f
## stdout: moved-in

#### after n>&m- on an external command the source descriptor is open again
{ cat /dev/null 4>&3-; echo still-open >&3; } 3> f
cat f
## stdout: still-open

#### after n>&m- on a compound command bash leaves the source descriptor closed
{ { :; } 4>&3-; echo still-open >&3 2>/dev/null; echo "status=$?"; } 3> f
cat f
## stdout: status=1
## OK quirl STDOUT:
status=0
still-open
## END
# bash closes m for good when the command runs in the shell (a builtin, a group, a function):
# its undo list restores n but not m; a forked command closes m only in the child, as the case
# above shows. Quirl undoes every redirect of a command, whatever kind it is: a redirect does
# not outlive its command.

#### a redirect on a while loop with a failing target
while false; do :; done > /nonexistent/dir/f 2>/dev/null
echo "status=$?"
## stdout: status=1

#### a failing redirect skips the compound command
{ echo no; } > /nonexistent/dir/f 2>/dev/null || echo skipped
## stdout: skipped

#### a loop's output to a file, read by the next command
i=0
while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done > nums
wc -l < nums
## stdout: 3

#### until with input and output redirects
printf 'x\ny\n' > in
until ! read l; do echo "<$l>"; done < in > out
cat out
## STDOUT:
<x>
<y>
## END

#### a function body redirect and a call redirect
f() { echo body; } > def
f > call
echo "def=[$(cat def)] call=[$(cat call)]"
## stdout: def=[body] call=[]

#### stdin of a loop from a here-string
while read w; do echo "w=$w"; done <<< "one"
## stdout: w=one

#### redirects on a nested loop are independent
printf 'a\nb\n' > outer; printf '1\n2\n' > inner
while read o; do while read i; do echo "$o$i"; done < inner; done < outer
## STDOUT:
a1
a2
b1
b2
## END

#### 3< on a loop, read -u-free: read <&3 inside
printf 'p\nq\n' > f
while read l <&3; do echo "fd3 $l"; done 3< f
## STDOUT:
fd3 p
fd3 q
## END

#### a descriptor opened for a group is closed after it
{ echo temp >&5; } 5> temp
{ echo after >&5; } 2>/dev/null
echo "status=$?"
cat temp
## STDOUT:
status=1
temp
## END

#### a loop writing to two files through two descriptors
for i in 1 2; do echo out$i; echo err$i >&2; done > o 2> e
cat o e
## STDOUT:
out1
out2
err1
err2
## END

#### a group's here-document and output redirect together
{ cat; echo end; } <<EOF > f
body
EOF
cat f
## STDOUT:
body
end
## END

#### redirect to a file named by a variable, expanded once
n=0
name=out
for i in 1 2; do echo $i; done > "$name"
cat out
## STDOUT:
1
2
## END

#### a redirect on a compound command in a pipeline
{ echo a; echo b; } 2>/dev/null | wc -l
## stdout: 2

#### the loop's redirect target is expanded before the loop
f=first
for i in 1 2; do f=second; echo $i; done > "$f"
cat first
## STDOUT:
1
2
## END

#### stderr of a whole loop to a pipe with |&
for i in 1; do echo err >&2; done |& tr a-z A-Z
## stdout: ERR

#### redirect on a function called in a loop
f() { echo "call $1"; }
for i in 1 2; do f $i; done > calls
cat calls
## STDOUT:
call 1
call 2
## END

#### a here-document on a while loop with a function inside
show() { echo "show $1"; }
while read l; do show "$l"; done <<EOF
x
y
EOF
## STDOUT:
show x
show y
## END

#### a subshell's descriptor does not reach the parent
( { echo in-sub >&6; } 6> sub-out; cat sub-out )
{ echo no >&6; } 2>/dev/null || echo parent-has-no-6
## STDOUT:
in-sub
parent-has-no-6
## END

#### a dup of a moved descriptor inside the group
{ { echo dup-of-moved >&7; } 7>&4; } 4> g
cat g
## stdout: dup-of-moved

#### <> opens a file for reading and writing on a group
echo content > rw
{ read l; echo "read: $l"; } <> rw
## stdout: read: content

#### a redirect of the condition's output only
if echo cond > c; then echo body; fi
cat c
## STDOUT:
body
cond
## END

#### a loop reading a file line by line and writing another in one command
printf 'a\nb\n' > in
while read l; do echo "$l$l"; done < in > out
cat out
## STDOUT:
aa
bb
## END

#### an error that ends a script inside a redirected group is said on the group's stderr
echo before
{ echo ${x?is unset}; } 2>err
echo not reached
## status: 1
## stdout: before

#### the message of that error is in the file the group's stderr went to
( { echo ${x?is unset}; } 2>err )
sed 's/^[^:]*: line 1: //' err
## stdout: x: is unset

#### an arithmetic error in a function called with 2>/dev/null says nothing
f() { echo $((1/0)); }
( f 2>/dev/null )
echo "status $?"
## stdout: status 1

#### an error in a word of the redirected command itself goes to the shell's stderr (words expand before redirects)
( echo ${x?is unset} 2>/dev/null ) 2>&1 | sed 's/^[^:]*: line 1: //'
## stdout: x: is unset
