# shopt -s extglob: the groups ?(list) *(list) +(list) @(list) !(list), list being pat|pat|...,
# in pathname expansion, case, [[ == ]] and the ${x#p} ${x/p/r} family. bash's parser reads a
# group as part of a word only when extglob is on as the line is read; [[ == ]] always does.

#### with extglob off a group is a syntax error
echo before
echo @(a|b)
echo after
## stdout: before
## status: 2

#### shopt -s extglob takes effect on the next line, not on its own
$SH -c 'shopt -s extglob; echo @(a|b); echo same line'
echo "status $?"
$SH -c 'shopt -s extglob
echo @(a|b)'
## STDOUT:
status 2
@(a|b)
## END

#### a quoted or escaped group is literal text whatever the option
echo "@(a)" '!(x)' \*\(y\)
shopt -s extglob
touch a
echo "@(a)" \@\(a\) "+(a)"
## STDOUT:
@(a) !(x) *(y)
@(a) @(a) +(a)
## END

#### an escaped operator does not open a group
shopt -s extglob
$SH -O extglob -c 'echo \@(a)'
echo "status $?"
## stdout: status 2

#### every operator in pathname expansion
shopt -s extglob
touch a aa aaa b ab ba
echo ?(a)b *(a)b +(a) @(a|b) !(a*)
## stdout: ab b ab b a aa aaa a b b ba

#### !(pattern) matches every name the pattern does not
shopt -s extglob
touch foo.c foo.h bar.c README
echo !(*.c)
echo !(*.c|*.h)
## STDOUT:
README foo.h
README
## END

#### groups nest, and take *, ? and brackets
shopt -s extglob
touch ab ac ad abab x1 x22 y
echo @(a@(b|c)) +(ab) x@([0-9]|+([0-9][0-9])) [xy]!(*2)
## stdout: ab ac ab abab x1 x22 x1 y

#### no match leaves the pattern, nullglob drops it, failglob fails the command
shopt -s extglob
echo @(nothing|none)
shopt -s nullglob
echo before @(nothing) after
shopt -u nullglob
shopt -s failglob
echo @(nothing)
echo "status $?"
## STDOUT:
@(nothing|none)
before after
status 1
## END

#### hidden names: a group takes a leading dot only where a dot of it is written
shopt -s extglob
touch .a .b a b.c
echo !(a)
echo *(.)* ?(.)a @(.a|b.c)
echo @(*) .!(a)
## STDOUT:
b.c
.a .b a b.c .a a .a b.c
a b.c .b
## END

#### !(.a) and *(x).a: what bash lets try a hidden name
shopt -s extglob
touch .a .b a
echo !(.a)
echo *(x).a ?(x).a @(x|).a
## STDOUT:
a
.a .a @(x|).a
## END

#### dotglob lets every group match hidden names (never . and ..)
shopt -s extglob dotglob
touch .a .b a
echo !(a)
echo @(*)
## STDOUT:
.a .b
.a .b a
## END

#### nocaseglob ignores case in groups
shopt -s extglob nocaseglob
touch README readme.txt other
echo @(readme|README.TXT)
## stdout: README readme.txt

#### groups in several components of a path
shopt -s extglob
mkdir -p src/lib test
touch src/a.c src/b.h src/lib/c.c test/d.c
echo @(src|test)/!(*.h) */+(lib)/*.c
## stdout: src/a.c src/lib test/d.c src/lib/c.c

#### a group in a command's first word
shopt -s extglob
mkdir bin
printf 'echo ran\n' > bin/run.sh
$SH bin/@(run|walk).sh
## stdout: ran

#### case patterns with every operator
shopt -s extglob
for s in '' a aa ab ba; do
  r=
  for p in '?(a)' '*(a)' '+(a)' '@(a)' '!(a)' '*(a|b)' '+(a|ab)' '!(*a)'; do
    case $s in $p) r+=1;; *) r+=0;; esac
  done
  echo "<$s> $r"
done
## STDOUT:
<> 11001101
<a> 11110110
<aa> 01101110
<ab> 00001111
<ba> 00001100
## END

#### a case pattern written with groups
shopt -s extglob
for f in foo.c foo.h foo.o Makefile; do
  case $f in
    *.@(c|h)) echo "$f: source";;
    !(*.*)) echo "$f: no suffix";;
    *) echo "$f: other";;
  esac
done
## STDOUT:
foo.c: source
foo.h: source
foo.o: other
Makefile: no suffix
## END

#### case matches with extglob as it is when the case runs
shopt -s extglob
f() { case a in @(a|b)) echo group;; *) echo literal;; esac; }
f
shopt -u extglob
f
case '@(a|b)' in $(echo '@(a|b)')) echo "the text itself";; esac
## STDOUT:
group
literal
the text itself
## END

#### a group in a variable matches only with extglob on
x='@(a|b)'
case a in $x) echo match;; *) echo "no match";; esac
shopt -s extglob
case a in $x) echo match;; *) echo "no match";; esac
## STDOUT:
no match
match
## END

#### blanks, | and ; inside a group belong to the word
shopt -s extglob
case 'a b' in @(a b|c;d)) echo one;; esac
case 'c;d' in @(a b|c;d)) echo two;; esac
## STDOUT:
one
two
## END

#### quoted | and parentheses inside a group are literal
shopt -s extglob
case 'a|b' in @("a|b")) echo quoted-bar;; esac
case b in @("a|b")) echo wrong;; *) echo not-split;; esac
case '(' in @(\()) echo open;; esac
case ')' in @(")")) echo close;; esac
case 'x)' in @(x')')) echo mixed;; esac
## STDOUT:
quoted-bar
not-split
open
close
mixed
## END

#### an expansion inside a group: unquoted its | separates, quoted it does not
shopt -s extglob
x='a|b'
case b in @($x)) echo unquoted;; esac
case b in @("$x")) echo wrong;; *) echo quoted;; esac
case "a|b" in @("$x")) echo literal;; esac
## STDOUT:
unquoted
quoted
literal
## END

#### brackets hide ) and | in a group from a variable
shopt -s extglob
x='@([)|]|x)'
for s in ')' '|' x y; do case $s in $x) echo "$s yes";; *) echo "$s no";; esac; done
## STDOUT:
) yes
| yes
x yes
y no
## END

#### an unclosed group is literal text
shopt -s extglob
x='@(a'
case '@(a' in $x) echo literal;; esac
case a in $x) echo wrong;; *) echo "not a group";; esac
## STDOUT:
literal
not a group
## END

#### an unclosed group in the source is an unexpected end
$SH -c 'shopt -s extglob
echo @(a'
echo "status $?"
## stdout: status 2

#### [[ == ]] reads and matches groups even with extglob off
shopt -u extglob
[[ a == @(a|b) ]] && echo yes
[[ c != @(a|b) ]] && echo differs
[[ ab = +(a|b) ]] && echo equal
x='+(ab)'
[[ abab == $x ]] && echo "from a variable"
## STDOUT:
yes
differs
equal
from a variable
## END

#### [[ == ]] with negation and nesting
[[ foo.c == !(*.c) ]] || echo "foo.c is .c"
[[ foo.h == !(*.c) ]] && echo "foo.h is not"
[[ ac == a@(b|@(c|d)) ]] && echo nested
[[ a == !(!(a)) ]] && echo "double negation"
## STDOUT:
foo.c is .c
foo.h is not
nested
double negation
## END

#### [[ ]] reads a group only on the right of == and !=
[[ a == @(a) && b == @(b) ]] && echo both
[[ ( a == @(a|b) ) ]] && echo grouped
eval '[[ @(a) == a ]]' 2>/dev/null
echo "on the left: $?"
eval '[[ -n @(a) ]]' 2>/dev/null
echo "after -n: $?"
## STDOUT:
both
grouped
on the left: 2
after -n: 2
## END

#### [[ ]] does not make the rest of the line read groups
$SH -c '[[ a == @(a) ]] && echo match; echo @(a)'
echo "status $?"
## stdout: status 2

#### nocasematch with groups
shopt -s extglob nocasematch
case ABC in @(abc|x)) echo case;; esac
[[ ABC == !(abc) ]] || echo cond
## STDOUT:
case
cond
## END

#### ${x#p} and ${x##p} with groups
shopt -s extglob
x=aabab
argv "${x#@(a|aa)}" "${x##@(a|aa)}" "${x#+(a|b)}" "${x##+(a|b)}" "${x#*(a)}" "${x##!(b)}" "${x#!(b)}"
## stdout: <abab> <bab> <abab> <> <aabab> <> <aabab>

#### ${x%p} and ${x%%p} with groups
shopt -s extglob
x=foo.tar.gz
argv "${x%.@(gz|bz2)}" "${x%%.*(tar|gz|.)}" "${x%%+(.+([a-z]))}" "${x%!(z)}" "${x%%!(z)}" "${x%%!(*.gz)}"
## stdout: <foo.tar> <foo> <foo> <foo.tar.gz> <> <foo.tar.>

#### ${x/p/r} takes the longest match of a group
shopt -s extglob
x=aab
echo ${x/@(a|aa)/X} ${x/+(a)/X} ${x/?(a)b/X} ${x/!(a)/X}
## stdout: Xb Xb aX X

#### ${x//p/r} with groups, & the match
shopt -s extglob
x=abcabc
echo ${x//@(b|c)/<&>} ${x//+([ab])/X} ${x//!(a)/-}
## stdout: a<b><c>a<b><c> XcXc -

#### ${x//p/r} with a group that matches nothing replaces at every character
shopt -s extglob
x=abcabc
echo ${x//*(b)/X} ${x//?(b)/X} ${x/*(z)/X}
## stdout: XaXXcXaXXc XaXXcXaXXc Xabcabc

#### ${x/#p/r} and ${x/%p/r} with groups
shopt -s extglob
x=aabab
echo ${x/#+(a)/X} ${x/%+(ab)/X} ${x/#!(b)/X} ${x/%?(z)/X}
## stdout: Xbab aX X aababX

#### ${x/%p/r}: a group at the start does not match only the empty end
shopt -s extglob
x=b
echo ${x/%@(a|)/X} ${x/%+(a|)/X} ${x/%!(b)/X} ${x/%?(a)/X} ${x/%*(a)/X}
## stdout: b b b bX bX

#### an empty value and a group that matches nothing
shopt -s extglob
e=
echo "[${e/?(a)/X}] [${e//*(a)/X}] [${e/#?(a)/X}] [${e/%?(a)/X}] [${e/%@(a|)/X}] [${e#?(a)}]"
## stdout: [] [X] [] [X] [] []

#### parameter operators with extglob off take a group literally
x='a@(b)c'
echo ${x#a@(b)} ${x/@(b)/X}
x=abc
echo ${x#@(a)} ${x/@(b)/X}
## STDOUT:
c aXc
abc abc
## END

#### quoted parts of an operator's pattern are literal
shopt -s extglob
x='a|b@(c)'
echo ${x/"|"/-} ${x/@(\|)/+} ${x/"@(c)"/=} ${x/@("|"|c)/:}
## stdout: a-b@(c) a+b@(c) a|b= a:b@(c)

#### ${x^p} and ${x,p} take groups
shopt -s extglob
x=hello
echo ${x^@(h|l)} ${x^^@(h|l)} ${x^^!(l)}
## stdout: Hello HeLLo HEllO

#### a group in an array element, an assignment and a here-string
shopt -s extglob
touch a1 a2
arr=(@(a1|a2) x)
v=@(a1|a2)
cat <<< @(a1|a2)
echo "${arr[@]}" "$v"
## STDOUT:
@(a1|a2)
a1 a2 x @(a1|a2)
## END

#### $@ and $* before a group's parenthesis
shopt -s extglob
set --
echo $@(a)
set -- 1 2
echo $*(a)
## STDOUT:
(a)
1 2(a)
## END

#### a group in eval, a sourced file and a command substitution follows the option then
shopt -s extglob
touch ab
echo 'echo @(ab|zz)' > sourced
. ./sourced
eval 'echo @(ab|zz)'
echo "$(echo @(ab|zz))"
eval 'shopt -u extglob
echo @(ab|zz)' 2>/dev/null
echo "eval: $?"
## STDOUT:
ab
ab
ab
eval: 2
## END

#### a function defined with extglob on keeps its groups
shopt -s extglob
touch ab
f() { echo @(ab); }
shopt -u extglob
f
## stdout: @(ab)

#### a group spans lines
shopt -s extglob
case 'a
b' in @(a
b)) echo multi;; esac
## stdout: multi

#### ~+ before a group is not a tilde prefix
shopt -s extglob
echo ~+(a)
## stdout: ~+(a)

#### * right before !(...) does not let the negation take the empty end
# bash's matcher never starts the group after a `*` at the end of the text; Quirl matches the
# pattern as it reads (`*` takes the a, `!(a)` the empty rest).
shopt -s extglob
[[ a == *!(a) ]] && echo match || echo "no match"
[[ ab == *!(a) ]] && echo match || echo "no match"
## STDOUT:
no match
match
## END
## N-I quirl STDOUT:
match
match
## END
