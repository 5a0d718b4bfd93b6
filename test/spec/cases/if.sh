# if: the condition is a list whose last status decides; elif chains; else; the status is the
# branch's, or 0 when no branch runs.
## compare_shells: dash zsh

#### if true runs the then branch
if true; then echo yes; fi
## stdout: yes

#### if false skips the then branch and the status is 0
false
if false; then echo yes; fi
echo "status=$?"
## stdout: status=0

#### if false runs the else branch
if false; then echo yes; else echo no; fi
## stdout: no

#### elif is tried when the if condition fails
if false; then echo one; elif true; then echo two; else echo three; fi
## stdout: two

#### else after failing elifs
if false; then echo one; elif false; then echo two; elif false; then echo three; else echo four; fi
## stdout: four

#### the first true elif wins
if false; then echo a; elif true; then echo b; elif true; then echo c; fi
## stdout: b

#### no branch taken and no else: status 0
if false; then echo a; elif false; then echo b; fi
echo $?
## stdout: 0

#### the status is the last command of the branch taken
if true; then false; fi; echo $?
if false; then :; else sh -c 'exit 7'; fi; echo $?
## STDOUT:
1
7
## END

#### the condition is a list: its last command decides
if false; true; then echo last-true; fi
if true; false; then echo no; else echo last-false; fi
## STDOUT:
last-true
last-false
## END

#### an and-or list as condition
if true && false; then echo a; else echo b; fi
if false || true; then echo c; fi
## STDOUT:
b
c
## END

#### a negated condition
if ! false; then echo negated; fi
if ! true; then echo no; else echo not-taken; fi
## STDOUT:
negated
not-taken
## END

#### a pipeline as condition uses the last stage's status
if false | true; then echo pipe-true; fi
if true | false; then echo no; else echo pipe-false; fi
## STDOUT:
pipe-true
pipe-false
## END

#### an external command's status as condition
if sh -c 'exit 0'; then echo zero; fi
if sh -c 'exit 3'; then echo no; else echo "nonzero"; fi
## STDOUT:
zero
nonzero
## END

#### the condition's status is visible as $? in elif
if sh -c 'exit 4'; then :; elif [ $? -eq 4 ]; then echo saw-4; fi
## stdout: saw-4

#### $? in the else branch is the condition's status
if sh -c 'exit 5'; then :; else echo "cond=$?"; fi
## stdout: cond=5

#### test as condition
x=abc
if [ "$x" = abc ]; then echo equal; fi
if [ -z "$x" ]; then echo empty; else echo nonempty; fi
## STDOUT:
equal
nonempty
## END

#### [[ ]] as condition
x=hello
if [[ $x == h* ]]; then echo glob-match; fi
if [[ -n $x && $x != world ]]; then echo both; fi
## STDOUT:
glob-match
both
## END

#### (( )) as condition
n=5
if (( n > 3 )); then echo big; fi
if (( n - 5 )); then echo no; else echo zero-is-false; fi
## STDOUT:
big
zero-is-false
## END

#### nested if
for x in 1 2; do
  if [ $x = 1 ]; then
    if true; then echo inner-$x; fi
  else
    if false; then :; else echo else-$x; fi
  fi
done
## STDOUT:
inner-1
else-2
## END

#### multi-line form
if true
then
  echo a
  echo b
else
  echo c
fi
## STDOUT:
a
b
## END

#### newlines may replace semicolons anywhere
if
  false
then
  echo no
elif
  true
then
  echo yes
fi
## stdout: yes

#### a comment inside the condition and the branch
if true # comment
then # another
  echo ok # a third
fi
## stdout: ok

#### output of the whole if can be redirected
if true; then echo inside; fi > f
cat f
## stdout: inside

#### the condition's output goes to stdout too
if echo cond; then echo body; fi
## STDOUT:
cond
body
## END

#### a variable set in the condition is seen in the branch
if x=set; then echo "x=$x"; fi
## stdout: x=set

#### variables set in a branch persist (no subshell)
if true; then y=kept; fi
echo "$y"
## stdout: kept

#### if in a pipeline
if true; then echo piped; fi | tr a-z A-Z
## stdout: PIPED

#### if inside $( )
r=$(if false; then echo a; else echo b; fi)
echo "r=$r"
## stdout: r=b

#### if followed by && and ||
if false; then :; fi && echo and-ran
if true; then false; fi || echo or-ran
## STDOUT:
and-ran
or-ran
## END

#### if keywords are only keywords in command position
echo if then else elif fi
## stdout: if then else elif fi

#### a quoted keyword is not a keyword
'if' 2>/dev/null; echo $?
"fi" 2>/dev/null; echo $?
## STDOUT:
127
127
## END

#### if with a brace group body
if true; then { echo in-brace; echo two; }; fi
## STDOUT:
in-brace
two
## END

#### if with a subshell condition
if (exit 0); then echo sub-true; fi
if (exit 1); then :; else echo sub-false; fi
## STDOUT:
sub-true
sub-false
## END

#### empty then branch is a syntax error
$SH -c 'if true; then fi' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### missing fi is a syntax error
$SH -c 'if true; then echo a' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### else without if is a syntax error
$SH -c 'else echo a' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### fi without if is a syntax error
$SH -c 'echo a; fi' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a syntax error in the script stops it before it runs
$SH -c 'echo before; if then fi' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### if on one line with the body on the same line as then
if true; then echo a; echo b; fi; echo after
## STDOUT:
a
b
after
## END

#### if running a function as condition
ok() { return 0; }
bad() { return 1; }
if ok; then echo ok-true; fi
if bad; then :; else echo bad-false; fi
## STDOUT:
ok-true
bad-false
## END

#### the condition can be a case command
if case x in x) true;; esac; then echo case-cond; fi
## stdout: case-cond

#### the condition can be a loop
if for i in 1; do false; done; then :; else echo loop-false; fi
## stdout: loop-false

#### exit inside the then branch ends the script
if true; then echo before; exit 3; fi
echo not-reached
## stdout: before
## status: 3

#### an if in the background
if true; then echo bg; fi &
wait $!
echo "status=$?"
## STDOUT:
bg
status=0
## END

#### break inside if inside a loop
for i in 1 2 3; do
  if [ $i = 2 ]; then break; fi
  echo $i
done
## stdout: 1

#### if fi in a function body
f() { if [ "$1" = a ]; then echo is-a; else echo not-a; fi; }
f a; f b
## STDOUT:
is-a
not-a
## END

#### elif after a taken branch is not evaluated
if true; then echo first; elif echo evaluated; then echo second; fi
## stdout: first

#### conditions are not evaluated after a match
if echo c1; false; then :; elif echo c2; true; then echo b2; elif echo c3; then :; fi
## STDOUT:
c1
c2
b2
## END

#### if with a here-document in the condition
if grep -q needle <<EOF
hay needle hay
EOF
then echo found; fi
## stdout: found
