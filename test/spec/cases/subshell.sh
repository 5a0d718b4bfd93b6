# ( list ): runs in a copy of the shell's state. Nothing it changes (variables, functions,
# positional parameters, cwd, umask) reaches the parent; exit ends only the subshell; $$ stays
# the shell's PID.
## compare_shells: dash zsh

#### a subshell runs its commands
(echo a; echo b)
## STDOUT:
a
b
## END

#### variables set in a subshell do not reach the parent
x=outer
(x=inner; echo "in: $x")
echo "out: $x"
## STDOUT:
in: inner
out: outer
## END

#### the subshell sees the parent's variables
y=visible
(echo "y=$y")
## stdout: y=visible

#### unset in a subshell does not reach the parent
u=set
(unset u; echo "in: [$u]")
echo "out: [$u]"
## STDOUT:
in: []
out: [set]
## END

#### exported variables in a subshell stay there
(export E=1)
echo "E=[$E]"
## stdout: E=[]

#### functions defined in a subshell do not reach the parent
(f() { echo f; }; f)
f 2>/dev/null || echo "no f: $?"
## STDOUT:
f
no f: 127
## END

#### the parent's functions are visible in the subshell
g() { echo from-g; }
(g)
## stdout: from-g

#### a function redefined in a subshell keeps the parent's
h() { echo parent-h; }
(h() { echo child-h; }; h)
h
## STDOUT:
child-h
parent-h
## END

#### cd in a subshell does not change the parent's directory
mkdir sub
before=$(pwd)
(cd sub && case $(pwd) in */sub) echo in-sub;; esac)
[ "$(pwd)" = "$before" ] && echo parent-unchanged
## STDOUT:
in-sub
parent-unchanged
## END

#### cd / in a subshell, then pwd in the parent
(cd / && pwd)
[ "$(pwd)" = / ] || echo parent-not-root
## STDOUT:
/
parent-not-root
## END

#### relative paths in a subshell resolve against its own cwd
mkdir d; echo content > d/file
(cd d && cat file)
cat file 2>/dev/null || echo not-here
## STDOUT:
content
not-here
## END

#### external commands in a subshell start in its directory
mkdir e; touch e/marker
(cd e && ls)
## stdout: marker

#### two subshells with different directories in one pipeline
mkdir p q; touch p/in-p q/in-q
(cd p && ls) | (cd q && ls && cat)
## STDOUT:
in-q
in-p
## END

#### exit in a subshell ends only the subshell
(exit 3)
echo "status=$?"
## stdout: status=3

#### exit in a subshell stops the rest of the subshell
(echo one; exit 2; echo two)
echo "after: $?"
## STDOUT:
one
after: 2
## END

#### the subshell's status is its last command's
(true; false); echo $?
(false; true); echo $?
## STDOUT:
1
0
## END

#### $$ in a subshell is the parent's PID
parent=$$
(if [ "$$" = "$parent" ]; then echo same-pid; fi)
## stdout: same-pid

#### $$ in a nested subshell is still the parent's PID
p=$$
( ( [ $$ = $p ] && echo nested-same ) )
## stdout: nested-same

#### $$ in a subshell in a pipeline
p=$$
echo | ( [ $$ = $p ] && echo pipe-same )
## stdout: pipe-same

#### positional parameters set in a subshell do not reach the parent
set -- a b
(set -- x y z; echo "in: $# $1")
echo "out: $# $1"
## STDOUT:
in: 3 x
out: 2 a
## END

#### shift in a subshell does not reach the parent
set -- 1 2 3
(shift; echo "in: $*")
echo "out: $*"
## STDOUT:
in: 2 3
out: 1 2 3
## END

#### nested subshells
x=0
(x=1; (x=2; echo "inner $x"); echo "middle $x")
echo "outer $x"
## STDOUT:
inner 2
middle 1
outer 0
## END

#### a subshell in a pipeline
(echo b; echo a) | sort
## STDOUT:
a
b
## END

#### a subshell's output redirected
(echo one; echo two) > f
cat f
## STDOUT:
one
two
## END

#### a subshell reading redirected input
printf 'first\nsecond\n' > f
(read a; echo "got $a") < f
## stdout: got first

#### a subshell with 2>&1
(echo out; echo err >&2) 2>&1 | sort
## STDOUT:
err
out
## END

#### a subshell in the background
x=parent
(x=child; echo "bg $x") &
wait $!
echo "x=$x"
## STDOUT:
bg child
x=parent
## END

#### && and || after a subshell
(false) || echo or-ran
(true) && echo and-ran
## STDOUT:
or-ran
and-ran
## END

#### negated subshell
! (exit 1); echo $?
## stdout: 0

#### a subshell in command substitution
r=$( (echo in-sub) )
echo "r=$r"
## stdout: r=in-sub

#### $( ( ) ) with an arithmetic-looking start
r=$( (echo a) | tr a b)
echo "$r"
## stdout: b

#### a subshell does not need spaces inside its parentheses
(echo tight)
## stdout: tight

#### exit in a subshell inside a loop ends only that pass
for i in 1 2 3; do (echo $i; [ $i = 2 ] && exit 0; echo after-$i); done
## STDOUT:
1
after-1
2
3
after-3
## END

#### a loop inside a subshell: break stays inside
(for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done; echo sub-done)
echo outer-done
## STDOUT:
1
sub-done
outer-done
## END

#### return in a subshell inside a function ends only the subshell
f() { (return 3; echo no); echo "sub=$?"; return 0; }
f; echo "f=$?"
## STDOUT:
sub=3
f=0
## END

#### exit in a subshell inside a function does not end the function
f() { (exit 5); echo "after exit: $?"; }
f
## stdout: after exit: 5

#### a variable assigned by a here-string read in a subshell stays there
(read v <<< inside; echo "in $v")
echo "out [$v]"
## STDOUT:
in inside
out []
## END

#### the subshell sees $? from before it
false
(echo "prev=$?")
## stdout: prev=1

#### an empty subshell is a syntax error
$SH -c '()' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### an unclosed subshell is a syntax error
$SH -c '(echo a' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a stray close parenthesis is a syntax error
$SH -c 'echo a )' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a subshell with newlines inside
(
  echo line1
  echo line2
)
## STDOUT:
line1
line2
## END

#### a subshell's failing redirect does not run it
(echo no) < /nonexistent 2>/dev/null
echo "status=$?"
## stdout: status=1

#### changes to IFS in a subshell stay there
(IFS=:; set -- $(echo a:b); echo $#)
v="x:y"; set -- $v; echo $#
## STDOUT:
2
1
## END

#### a subshell started with a redirect that goes to a file stays per subshell
(echo a > f1); (echo b > f2)
cat f1 f2
## STDOUT:
a
b
## END

#### a background subshell's cd does not race the parent's
mkdir bgdir
(cd bgdir; touch made-here) &
wait $!
ls bgdir
ls made-here 2>/dev/null || echo not-in-parent
## STDOUT:
made-here
not-in-parent
## END
