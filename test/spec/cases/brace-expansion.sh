# Brace expansion (bash): alternatives and sequences, before every other expansion of a command
# word; not in quotes, not in assignments, not for ${.
## compare_shells: zsh

#### alternatives
argv {a,b,c}
## stdout: <a> <b> <c>

#### with a preamble and a postamble
argv x{a,b}y
## stdout: <xay> <xby>

#### two in one word make every combination, left one first
argv {a,b}{1,2}
## stdout: <a1> <a2> <b1> <b2>

#### nested
argv {a,{b,c}d}e
## stdout: <ae> <bde> <cde>

#### an empty alternative; an unquoted empty result makes no word
argv x{a,} {,}
## stdout: <xa> <x>

#### a quoted empty result is a word
argv {a,""}
## stdout: <a> <>

#### one alternative or none is no brace expression
argv {a} {} x{}y
## stdout: <{a}> <{}> <x{}y>

#### a lone brace is literal
argv { } {a, a}
## stdout: <{> <}> <{a,> <a}>

#### integer sequence, up and down
argv {1..4} {3..1}
## stdout: <1> <2> <3> <4> <3> <2> <1>

#### a sequence with a step, whatever its sign
argv {1..10..3} {1..10..-3} {10..1..4}
## stdout: <1> <4> <7> <10> <1> <4> <7> <10> <10> <6> <2>

#### negative bounds
argv {-2..2} {2..-1}
## stdout: <-2> <-1> <0> <1> <2> <2> <1> <0> <-1>

#### zero padding from either end
argv {01..03} {8..010..2} {-05..5..5}
## stdout: <01> <02> <03> <008> <010> <-05> <000> <005>

#### a step of 0 counts as 1; a single-element range
argv {1..3..0} {7..7}
## stdout: <1> <2> <3> <7>

#### letters
argv {a..e} {e..a..2} {X..Z}
## stdout: <a> <b> <c> <d> <e> <e> <c> <a> <X> <Y> <Z>

#### a letter range across the punctuation between Z and a
argv {Y..b}
## stdout: <Y> <Z> <[> <> <]> <^> <_> <`> <a> <b>
## OK zsh stdout: <Y> <Z> <[> <\> <]> <^> <_> <`> <a> <b>

#### bad sequences are left as written
argv {a..3} {1..} {..3} {1..3..x} {ab..c} {1..2.}
## stdout: <{a..3}> <{1..}> <{..3}> <{1..3..x}> <{ab..c}> <{1..2.}>
## N-I zsh stdout: <{a..3}> <{1..}> <{..3}> <{1..3..x}> <{ab..c}> <{1..2.}>

#### a bad sequence keeps its braces, and the rest still expands
argv {a..3}{x,y}
## stdout: <{a..3}x> <{a..3}y>

#### a range too large for bash's count is left as written
argv {1..3000000000} | head -c 30
## stdout: <{1..3000000000}>

#### sequences and alternatives together
argv {1..2}{a,b} {a,b}{1..2}
## stdout: <1a> <1b> <2a> <2b> <a1> <a2> <b1> <b2>

#### alternatives containing sequences
argv {a,{1..3},b}
## stdout: <a> <1> <2> <3> <b>

#### quoted braces and commas are literal
argv "{a,b}" '{a,b}' \{a,b} {a\,b,c} {a,b\}
## stdout: <{a,b}> <{a,b}> <{a,b}> <a,b> <c> <{a,b}>

#### quoted parts inside alternatives stay whole
argv {'a b',"c d"}e
## stdout: <a be> <c de>

#### before parameter expansion: {$a,b}
a=1
argv {$a,b} x{$a,$a}
## stdout: <1> <b> <x1> <x1>

#### parameters are not brace-expanded after they are expanded
v='{a,b}'
argv $v "$v"
## stdout: <{a,b}> <{a,b}>

#### ${ is not an opening brace
x=val
argv ${x}{a,b} {${x},b}
## stdout: <vala> <valb> <val> <b>

#### inside ${x:-...} the word is not brace-expanded
unset u
argv ${u:-{a,b}}
## stdout: <{a,b}>
## BUG zsh stdout: <a> <b>

#### not in assignments
x={a,b}
argv "$x"
## stdout: <{a,b}>

#### an argument that looks like an assignment is expanded
argv x={a,b}
## stdout: <x=a> <x=b>

#### each result is split and globbed afterwards
touch a1 a2 b1
v='p q'
argv {a,b}* {$v,r}
## stdout: <a1> <a2> <b1> <p> <q> <r>

#### tilde expansion follows brace expansion
HOME=/h
argv ~{,x}/d {a,~}
## stdout: </h/d> <~x/d> <a> </h>
## N-I zsh stdout: <~/d> <~x/d> <a> <~>

#### in for lists
for i in {1..3}{a,b}; do printf '%s,' $i; done; echo
## stdout: 1a,1b,2a,2b,3a,3b,

#### command substitution text is brace-expanded inside, not outside
argv $(echo {a,b}) {$(echo x),y}
## stdout: <a> <b> <x> <y>

#### not in here-strings or case words
cat <<< {a,b}
case {a,b} in {a,b}) echo matched;; esac
## STDOUT:
{a,b}
matched
## END

#### a redirect target with two results is ambiguous
echo hi > {a,b}
echo status=$?
ls
## status: 0
## STDOUT:
status=1
## END
## N-I zsh STDOUT:
status=0
a
b
## END

#### a redirect target with one result is that file
echo hi > {a,}
cat a
## stdout: hi
## N-I zsh stdout: hi

#### a 100,000-element range expands
argv {1..100000} | tail -c 17
## stdout: <99999> <100000>

#### a range past the expansion budget fails without running the pipeline
echo {1..200000} | wc -c
echo "status $?"
## STDOUT:
1288895
status 0
## END
## OK quirl STDOUT:
status 1
## END
# Quirl holds a pipeline's words to the contract's 1 MiB expansion budget: this range's 1.2 MB
# is a ResourceLimit (status 1, with a message naming the word), found before any word is built,
# so {1..10000000} fails the same way at once where bash builds 10 million words.

#### a product past the budget fails the same way
echo {1..1000}{1..1000} > /dev/null
echo "after $?"
## stdout: after 0
## OK quirl stdout: after 1

#### operands of declaration builtins are brace-expanded too
export q={a,b}
echo "$q"
## stdout: b
## N-I quirl stdout: {a,b}
# Quirl takes `export NAME=value` operands as assignments when it parses them, and those are
# not brace-expanded; bash expands the word first, so this exports q=a and then q=b.

#### braces expand before parameters, so they can lengthen a name
g=G g1=one g2=two n=4 ny=NY b=B c=C
argv $g{1,2} {$n,x}y ${g}{1,2} "$g"{1,2} $g{1} $g{x}{1,2} $g-{1,2} $g{1..2}
argv {a,$}b {$,x}{b,c} {$,x}1 a{$,}n
set -- p q
argv $1{0,1} {$,x}1 {$,x}@
## STDOUT:
<one> <two> <NY> <xy> <G1> <G2> <G1> <G2> <G{1}> <G{x}1> <G{x}2> <G-1> <G-2> <one> <two>
<ab> <B> <B> <C> <xb> <xc> <x1> <a4> <an>
<p0> <p1> <p> <x1> <p> <q> <x@>
## END
