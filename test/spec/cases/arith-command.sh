# (( expression )): evaluates shell arithmetic; status 0 when the value is non-zero, 1 when it is
# zero, 1 with a message on an error (the command fails, the script goes on).
## compare_shells: dash zsh

#### a non-zero value is status 0
(( 5 )); echo $?
## stdout: 0

#### zero is status 1
(( 0 )); echo $?
## stdout: 1

#### a negative value is status 0
(( -1 )); echo $?
## stdout: 0

#### comparisons
(( 3 > 2 )); echo $?
(( 3 < 2 )); echo $?
(( 2 == 2 )); echo $?
(( 2 != 2 )); echo $?
## STDOUT:
0
1
0
1
## END

#### assignment in (( )) sets the variable
(( x = 7 * 6 ))
echo "x=$x"
## stdout: x=42

#### assignment of zero gives status 1
(( y = 0 )); echo "status=$? y=$y"
## stdout: status=1 y=0

#### increment and decrement
i=5
(( i++ )); echo "i=$i"
(( i-- )); echo "i=$i"
(( ++i )); echo "i=$i"
## STDOUT:
i=6
i=5
i=6
## END

#### post-increment of zero is status 1, pre-increment is 0
n=0
(( n++ )); echo "status=$? n=$n"
m=0
(( ++m )); echo "status=$? m=$m"
## STDOUT:
status=1 n=1
status=0 m=1
## END

#### compound assignment operators
v=10
(( v += 5 )); (( v -= 3 )); (( v *= 2 )); (( v /= 4 )); (( v %= 4 ))
echo "v=$v"
## stdout: v=2

#### variables without $ inside
a=3 b=4
(( c = a * a + b * b )); echo "c=$c"
## stdout: c=25

#### variables with $ inside
a=3
(( d = $a + 1 )); echo "d=$d"
## stdout: d=4

#### an unset variable is zero
(( unset_var + 0 )); echo "status=$?"
## stdout: status=1

#### a variable holding an expression is evaluated
e='2 + 3'
(( f = e * 2 )); echo "f=$f"
## stdout: f=10

#### logical operators
(( 1 && 0 )); echo $?
(( 1 || 0 )); echo $?
(( !0 )); echo $?
## STDOUT:
1
0
0
## END

#### short-circuit evaluation does not assign
x=1
(( 0 && (x = 5) )); echo "x=$x"
(( 1 || (x = 6) )); echo "x=$x"
## STDOUT:
x=1
x=1
## END

#### ternary operator
(( t = 5 > 3 ? 10 : 20 )); echo "t=$t"
## stdout: t=10

#### comma operator: the last value decides
(( a = 1, b = 0 )); echo "status=$? a=$a b=$b"
## stdout: status=1 a=1 b=0

#### bitwise operators
(( r = (6 & 3) | (1 << 4) ^ 1 )); echo "r=$r"
## stdout: r=19

#### exponentiation
(( p = 2 ** 10 )); echo "p=$p"
## stdout: p=1024

#### integer division truncates
(( q = 7 / 2, s = -7 / 2 )); echo "$q $s"
## stdout: 3 -3

#### division by zero is an error with status 1
(( 1 / 0 )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### division by zero does not stop the script
(( z = 1 / 0 )) 2>/dev/null
echo "after z=[$z]"
## stdout: after z=[]

#### modulo by zero is an error
(( 5 % 0 )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### a syntax error in the expression: status 1
(( 1 + )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### an error message names the error
{ (( 1 / 0 )); } 2>&1 | grep -c 'division by 0'
## stdout: 1

#### an arithmetic error in [[ -eq ]] fails only that command
[[ 1 -eq 1/0 ]] 2>/dev/null
echo "status=$?"
[[ x+1 -eq 1 ]] && echo names-are-variables
## STDOUT:
status=1
names-are-variables
## END

#### octal and hex constants
(( o = 010, h = 0x1f )); echo "$o $h"
## stdout: 8 31

#### base#number constants
(( b = 2#101, t = 36#z )); echo "$b $t"
## stdout: 5 35

#### an invalid number is an error
(( 09 )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### 64-bit wrap-around
(( big = 9223372036854775807 + 1 )); echo "$big"
## stdout: -9223372036854775808

#### (( )) as an if condition
n=4
if (( n % 2 == 0 )); then echo even; else echo odd; fi
## stdout: even

#### (( )) as a while condition
i=0
while (( i < 3 )); do echo $i; (( i++ )); done
## STDOUT:
0
1
2
## END

#### (( )) with && and ||
(( 0 )) || echo zero-is-false
(( 2 )) && echo two-is-true
## STDOUT:
zero-is-false
two-is-true
## END

#### negation of (( ))
! (( 0 )); echo $?
## stdout: 0

#### (( )) in a pipeline runs in a subshell
x=1
(( x = 99 )) | cat
echo "x=$x"
## stdout: x=1

#### (( )) with spaces and newlines inside
(( w = 1 +
  2 ))
echo "w=$w"
## stdout: w=3

#### (( )) with a command substitution inside
(( cs = $(echo 4) * 2 )); echo "cs=$cs"
## stdout: cs=8

#### (( )) with parameters
set -- 3 4
(( sum = $1 + $2 )); echo "sum=$sum"
## stdout: sum=7

#### nested parentheses
(( np = ((1 + 2) * (3 + 4)) )); echo "np=$np"
## stdout: np=21

#### (( )) inside a function with local
f() { local k=2; (( k *= 3 )); echo "k=$k"; }
f
## stdout: k=6

#### assignment to a non-variable is an error
(( 3 = 4 )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### (( )) output redirected: nothing is written
(( 1 + 1 )) > out
wc -c < out
## stdout: 0

#### (( )) is not a subshell: ( ( ) ) with spaces is
( (echo nested-subshell) )
## stdout: nested-subshell

#### $(( )) and (( )) agree
x=$(( 7 % 3 ))
(( y = 7 % 3 ))
echo "$x $y"
## stdout: 1 1

#### string variables in (( )) are names, recursively
a=b; b=c; c=5
(( r = a + 1 )); echo "r=$r"
## stdout: r=6

#### an empty (( )) is status 1
(( )) 2>/dev/null
echo "status=$?"
## stdout: status=1

#### for (( )) loop with (( )) inside
for ((i = 0; i < 3; i++)); do (( i == 1 )) && echo one; done
## stdout: one
## status: 1

#### unary minus and plus
(( u = -(-3) + +2 )); echo "u=$u"
## stdout: u=5

#### an error in $(( )) abandons the command line, and the script goes on
for i in 1 2; do echo $((1/0)); echo notreached; done 2>/dev/null; echo notreached
echo "after $?"
f() { x=$((1/0)); echo notreached; }
f 2>/dev/null
echo "after f $?"
## STDOUT:
after 1
after f 1
## END

#### a name right after an operand is evaluated before the syntax error
# bash's tokenizer evaluates a name as it reads it: b's value fails first, and c's side effect
# (y=2) happens before the error, but not under the short-circuit of &&.
b='1+'
(( a b )) 2>&1 | sed 's/^.*line [0-9]*: //'
c='y = 2'
(( x = 1 c )) 2>/dev/null; echo "x=$x y=$y"
unset x y
(( 0 && 1 c )) 2>/dev/null; echo "x=$x y=$y"
## STDOUT:
((: 1+: syntax error: operand expected (error token is "+")
x=1 y=2
x= y=
## END
