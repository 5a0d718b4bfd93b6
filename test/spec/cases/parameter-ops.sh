# Parameter expansion operators (POSIX and bash 5.2): ${x-w} ${x:-w} ${x=w} ${x?w} ${x+w}, ${#x},
# ${x#p} ${x%p}, ${x/p/r}, ${x:off:len}, ${x^} ${x,}, ${x@Q}..., ${!x}, ${!prefix*}, on variables,
# positional and special parameters. Arrays (${a[@]:1}, ${!a[@]}, ${x@A} ${x@a}) are not here.
# The environment has LC_ALL=C: lengths and offsets count bytes unless a case sets a UTF-8 locale.
# Fatal errors are shown with their "script: line N: " prefix cut, which differs between shells.

#### ${x-w} on unset, empty and set
unset u; e=; s=val
argv "${u-w}" "${e-w}" "${s-w}"
## stdout: <w> <> <val>

#### ${x:-w} treats empty as unset
unset u; e=; s=val
argv "${u:-w}" "${e:-w}" "${s:-w}"
## stdout: <w> <w> <val>

#### ${x+w} on unset, empty and set
unset u; e=; s=val
argv "${u+w}" "${e+w}" "${s+w}"
## stdout: <> <w> <w>

#### ${x:+w} on unset, empty and set
unset u; e=; s=val
argv "${u:+w}" "${e:+w}" "${s:+w}"
## stdout: <> <> <w>

#### ${x=w} assigns when unset only
unset u; e=
argv "${u=new}" "$u" "${e=new}" "$e"
## stdout: <new> <new> <> <>

#### ${x:=w} assigns when unset or empty
unset u; e=
argv "${u:=new}" "$u" "${e:=new}" "$e"
## stdout: <new> <new> <new> <new>

#### ${x:=w} with the : builtin
unset x
: ${x:=default value}
argv "$x"
## stdout: <default value>

#### assignment value is not split, the expansion is
unset x
argv ${x:=a b} "$x"
## stdout: <a> <b> <a b>

#### an empty default word
unset x
argv "${x:-}" ${x:-} "${x-}"
## stdout: <> <>

#### unquoted default word splits
unset x
argv ${x:-a b  c}
## stdout: <a> <b> <c>

#### quoted default word is one field
unset x
argv "${x:-a b  c}"
## stdout: <a b  c>

#### double quotes inside a quoted expansion
unset x
argv "${x:-"a b"}" "${x:-"a"  b}"
## stdout: <a b> <a  b>

#### single quotes inside double quotes are literal in a default word
unset x
argv "${x:-'a b'}"
## stdout: <'a b'>

#### single quotes outside double quotes quote
unset x
argv ${x:-'a  b'} ${x:-'*'}
## stdout: <a  b> <*>

#### default word with parameters inside
unset x; y='1 2'
argv ${x:-$y} "${x:-$y}" ${x:-"$y"}
## stdout: <1> <2> <1 2> <1 2>

#### nested defaults
unset x y
argv "${x:-${y:-deep}}" ${x:-${y-}}
## stdout: <deep>

#### default word with a command substitution
unset x
argv "${x:-$(echo sub)}"
## stdout: <sub>

#### command substitution not run when the value is set
x=set
echo "${x:-$(echo ran >&2; echo no)}"
: ${x:-$(touch marker)}
test -e marker && echo ran || echo not run
## STDOUT:
set
not run
## END

#### command substitution in := not run when set
x=set
: ${x:=$(touch marker)}
test -e marker && echo ran || echo not run
## stdout: not run

#### ${x+w} word not expanded when unset
unset x
: ${x+$(touch marker)}
test -e marker && echo ran || echo not run
## stdout: not run

#### default word with arithmetic
unset x
echo ${x:-$((2+3))}
## stdout: 5

#### default word with a glob
touch a.txt b.txt
unset x
echo ${x:-*.txt} "${x:-*.txt}"
## stdout: a.txt b.txt *.txt

#### default word with a tilde
unset x
test "${x:-~}" = "$HOME" && echo quoted-literal-not || echo literal
test ${x:-~} = "$HOME" && echo home
## STDOUT:
literal
home
## END

#### default word with escaped brace
unset x
echo ${x:-\}} "${x:-\}}" ${x:-a\ b}
## stdout: } } a b

#### braces inside a default word
unset x
echo ${x:-{a}} ${x:-a}b}
## stdout: {a} ab}

#### ${x?w} when set
x=val
echo ${x?unused} ${x:?unused}
## stdout: val val

#### ${x?} on unset ends a script with status 1
echo before
echo ${x?}
echo after
## stdout: before
## status: 1

#### ${x?} message
(echo ${x?}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: x: parameter not set

#### ${x:?} message on empty
x=
(echo ${x:?}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: x: parameter null or not set

#### ${x:?word} message with expansions
y=there
(echo ${x:?not $y}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: x: not there

#### ${x?} in a subshell ends only the subshell
(echo ${x?oops}; echo not here) 2>/dev/null
echo status $?
## stdout: status 1

#### ${x:?} on a set value is silent
x=1
echo ${x:?} ok
## stdout: 1 ok

#### ${1=w} cannot assign
(echo ${1=a}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: $1: cannot assign in this way

#### ${@:=w} cannot assign
set --
(echo ${@:=a}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: $@: cannot assign in this way

#### cannot-assign error fails the command
echo ${1=a}
echo status $?
## stdout: status 1

#### ${#x} length
x=hello; e=
echo ${#x} ${#e} ${#unset}
## stdout: 5 0 0

#### ${#x} counts bytes in the C locale
x=$(printf '\303\251t\303\251')
echo ${#x}
## stdout: 5

#### ${#x} counts characters in a UTF-8 locale
LC_ALL=C.UTF-8
x=$(printf '\303\251t\303\251')
echo ${#x}
## stdout: 3

#### ${#} and ${#@} and ${#*}
set -- a 'b c' d
echo ${#} ${#@} ${#*}
## stdout: 3 3 3

#### ${##} is the length of $#
set -- 1 2 3 4 5 6 7 8 9 10 11
echo ${##}
## stdout: 2

#### ${#1} and ${#10}
set -- abc 2 3 4 5 6 7 8 9 0123456789
echo ${#1} ${#10}
## stdout: 3 10

#### ${#?} and ${#-}
false
echo ${#?}
## stdout: 1

#### ${x#p} shortest prefix
x=aaa/bbb/ccc
echo ${x#*/} ${x#a} ${x#b}
## stdout: bbb/ccc aa/bbb/ccc aaa/bbb/ccc

#### ${x##p} longest prefix
x=aaa/bbb/ccc
echo ${x##*/} ${x##a*}x
## stdout: ccc x

#### ${x%p} shortest suffix
x=file.tar.gz
echo ${x%.*} ${x%z} ${x%q}
## stdout: file.tar file.tar.g file.tar.gz

#### ${x%%p} longest suffix
x=file.tar.gz
echo ${x%%.*} ${x%%*}x
## stdout: file x

#### trimming with ?
x=abcd
echo ${x#?} ${x%?} ${x#??} ${x%%???}
## stdout: bcd abc cd a

#### trimming with a bracket expression
x=abc123
echo ${x%%[0-9]*} ${x##*[a-z]} ${x#[!b]}
## stdout: abc 123 bc123

#### trimming with a character class
x=abc123def
echo ${x%%[[:digit:]]*} ${x##*[[:digit:]]}
## stdout: abc def

#### quoted pattern characters are literal
x='*a*b'
echo "${x#'*'}" "${x#"*"}" ${x#\*} "${x#*}"
## stdout: a*b a*b a*b *a*b

#### pattern from a variable is a pattern
x=aXbXc; p='*X'
echo ${x#$p} ${x##$p} "${x#"$p"}"
## stdout: bXc c aXbXc

#### pattern quoted from a variable is literal
x='*Xb'; p='*X'
echo "${x#"$p"}" ${x#"$p"}
## stdout: b b

#### trimming inside double quotes
x='a b c'
argv "${x#a }" "${x% c}" ${x#a }
## stdout: <b c> <a b> <b> <c>

#### trim that matches nothing
x=abc
echo ${x#z} ${x%z} ${x##z*} ${x%%*z}
## stdout: abc abc abc abc

#### trim of an unset variable
unset x
argv "${x#a}" "${x%%*}"
## stdout: <> <>

#### trim with an unterminated bracket is literal
x='a[b'
echo ${x#a[} ${x%[b}
## stdout: b a

#### trim with an empty pattern
x=abc
echo ${x#} ${x%} ${x##} ${x%%}
## stdout: abc abc abc abc

#### trim on the positional parameters
set -- a.c b.c c.h
argv "${@%.c}" "${*%.*}"
## stdout: <a> <b> <c.h> <a b c>

#### trim with a nested expansion pattern
x=prefix-body; p=prefix
echo ${x#${p}-}
## stdout: body

#### ${x#*} and ${x##*}
x=abc
argv "${x#*}" "${x##*}" "${x%*}" "${x%%*}"
## stdout: <abc> <> <abc> <>

#### ${x/p/r} first match
x=aXbXc
echo ${x/X/-}
## stdout: a-bXc

#### ${x//p/r} every match
x=aXbXc
echo ${x//X/-}
## stdout: a-b-c

#### ${x/#p/r} at the start only
x=XaX
echo ${x/#X/-} ${x/#a/-}
## stdout: -aX XaX

#### ${x/%p/r} at the end only
x=XaX
echo ${x/%X/-} ${x/%a/-}
## stdout: Xa- XaX

#### replacement deleted when absent
x=aXbXc
echo ${x/X} ${x//X} ${x//X/}
## stdout: abXc abc abc

#### longest match with *
x=aXbXc
echo ${x/X*/-} ${x/*X/-}
## stdout: a- -c

#### replace with ?
x=abc
echo ${x//?/.} ${x/?/.}
## stdout: ... .bc

#### replace with a bracket expression
x=a1b2c3
echo ${x//[0-9]/#} ${x//[!0-9]/_}
## stdout: a#b#c# _1_2_3

#### replace with a class
x='a b	c'
echo "${x//[[:space:]]/_}"
## stdout: a_b_c

#### empty pattern replaces nothing
x=abc
echo ${x//} ${x///X} "${x//""/X}"
## stdout: abc abc abc

#### empty pattern at the anchors
x=abc
echo ${x/#/X} ${x/%/X}
## stdout: Xabc abcX

#### replace on unset and empty values
unset u; e=
argv "${u/a/b}" "${e/a/b}" "${e//*/X}" "${u/#/X}"
## stdout: <> <> <X> <>

#### replacement with & is the match (patsub_replacement)
x=abc
echo ${x/b/[&]} ${x//?/<&>}
## stdout: a[b]c <a><b><c>

#### quoted & is literal
x=abc
echo ${x/b/\&} ${x/b/'&'} "${x/b/"&"}"
## stdout: a&c a&c a&c

#### & inside double quotes is the match
x=abc
echo "${x/b/&&}"
## stdout: abbc

#### & from a variable is the match
x=abc; r='<&>'
echo ${x/b/$r} "${x/b/$r}"
## stdout: a<b>c a<b>c

#### & from a quoted variable is literal
x=abc; r='<&>'
echo ${x/b/"$r"}
## stdout: a<&>c

#### single quotes in the replacement inside double quotes
x=abc
echo "${x/b/'q'}"
## stdout: aqc

#### a slash in the replacement
x=a-b
echo ${x/-//} ${x/-/a/b}
## stdout: a/b aa/bb

#### an escaped slash in the pattern
x=a/b/c
echo ${x/\//:} ${x//\//:}
## stdout: a:b/c a:b:c

#### quoted pattern in replace is literal
x='a*b*c'
echo ${x//'*'/-} ${x//\*/+} "${x//"*"/=}"
## stdout: a-b-c a+b+c a=b=c

#### pattern from a variable in replace
x=hello; p='l*'
echo ${x/$p/L} "${x/"$p"/L}"
## stdout: heL hello

#### replace inside double quotes stays one field
x='a b'
argv "${x/a/x y}" ${x/a/x y}
## stdout: <x y b> <x> <y> <b>

#### replace on the positional parameters
set -- apple banana cherry
argv "${@/a/A}" "${@//a/A}"
## stdout: <Apple> <bAnana> <cherry> <Apple> <bAnAnA> <cherry>

#### replace on "$*"
set -- apple banana
argv "${*/a/A}"
## stdout: <Apple bAnana>

#### replace with an unterminated bracket
x=abc
echo ${x/[/y}
x='a[b'
echo ${x/[/y}
## STDOUT:
abc
ayb
## END

#### replace all of repeated matches
x=aaaa
echo ${x//aa/b} ${x//a*/b}
## stdout: bb b

#### replace with a replacement containing the pattern
x=aaa
echo ${x//a/aa}
## stdout: aaaaaa

#### replace a suffix with a pattern
x=file.txt
echo ${x/%.*/.md} ${x/#*./name.}
## stdout: file.md name.txt

#### replacement with a nested expansion
x=abc; y=Z
echo ${x/b/${y}${y}}
## stdout: aZZc

#### ${x:off}
x=abcdef
echo ${x:0} ${x:2} ${x:5} ${x:6}x ${x:7}x
## stdout: abcdef cdef f x x

#### ${x:off:len}
x=abcdef
echo ${x:0:2} ${x:2:3} ${x:4:10} ${x:1:0}x
## stdout: ab cde ef x

#### negative offset needs a space or parentheses
x=abcdef
echo ${x: -2} ${x:(-3)} ${x: -3:2}
## stdout: ef def de

#### ${x:-2} is a default, not an offset
x=abcdef
echo ${x:-2}
## stdout: abcdef

#### negative length counts from the end
x=abcdef
echo ${x:1:-1} ${x: -4:-2} ${x:0:-6}x
## stdout: bcde cd x

#### negative length before the offset is an error
x=abcdef
echo ${x:4:-3}
echo status $?
## stdout: status 1

#### negative length error message
x=abcdef
(echo ${x:4:-3}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: -3: substring expression < 0

#### offset before the start is empty
x=abc
echo ${x: -5}x ${x: -5:2}x
## stdout: x x

#### arithmetic in offset and length
x=abcdef; n=2
echo ${x:n} ${x:$n:n+1} ${x:1+1:2*1} ${x:n*2}
## stdout: cdef cde cd ef

#### offset with a ternary in parentheses
x=abcdef
echo ${x:(1?2:3)}
## stdout: cdef

#### substring of unset
unset x
argv "${x:1}" "${x:0:2}"
## stdout: <> <>

#### substring in the C locale counts bytes
x=$(printf '\303\251abc')
echo ${x:2}
## stdout: abc

#### substring in a UTF-8 locale counts characters
LC_ALL=C.UTF-8
x=$(printf '\303\251abc')
echo ${x:1} ${x:0:1}
## stdout: abc é

#### ${@:n} slices the positional parameters
set -- a b c d e
argv "${@:2}" 
argv "${@:2:2}"
argv "${@:5}" "${@:6}"
## STDOUT:
<b> <c> <d> <e>
<b> <c>
<e>
## END

#### ${@:0} includes $0
$SH -c 'argv "${@:0}" "${@:0:2}"' name a b
## stdout: <name> <a> <b> <name> <a>

#### ${@: -n} counts from the end
set -- a b c d e
argv "${@: -2}" "${@: -1:1}"
## stdout: <d> <e> <e>

#### ${*:n} joins
set -- a b c d
argv "${*:2}" "${*:1:2}"
IFS=-
argv "${*:2}"
## STDOUT:
<b c d> <a b>
<b-c-d>
## END

#### ${@:n} unquoted splits
set -- 'a b' 'c d' e
argv ${@:2}
## stdout: <c> <d> <e>

#### ${@:n} with no parameters
set --
argv "${@:1}" "${*:1}"
## stdout: <>

#### ${@:1:-1} is an error
set -- a b c
echo ${@:1:-1}
echo status $?
## stdout: status 1

#### ${1:1} substring of a positional
set -- hello
echo ${1:1} ${1:1:2}
## stdout: ello el

#### ${x^} first character
x=hello
echo ${x^} ${x^^}
## stdout: Hello HELLO

#### ${x,} and ${x,,}
x=HELLO
echo ${x,} ${x,,}
## stdout: hELLO hello

#### case change with a pattern
x=banana
echo ${x^^a} ${x^^[bn]} ${x^b} ${x^a}
## stdout: bAnAnA BaNaNa Banana banana

#### lowercase with a pattern
x=BANANA
echo ${x,,A} ${x,,[BN]}
## stdout: BaNaNa bAnAnA

#### case change of a mixed value
x='hello World 123'
echo "${x^^}" "${x,,}"
## stdout: HELLO WORLD 123 hello world 123

#### case change leaves non-ASCII in the C locale
x=$(printf '\303\251t\303\251')
echo ${x^^}
## stdout: éTé

#### case change of non-ASCII in a UTF-8 locale
LC_ALL=C.UTF-8
x=$(printf '\303\251t\303\251')
echo ${x^^}
## stdout: ÉTÉ

#### case change on the positional parameters
set -- one two
argv "${@^}" "${*^^}"
## stdout: <One> <Two> <ONE TWO>

#### case change of unset and empty
unset u; e=
argv "${u^^}" "${e^}"
## stdout: <> <>

#### ${x@U} ${x@u} ${x@L}
x='hello World'
echo "${x@U}" "${x@u}" "${x@L}"
## stdout: HELLO WORLD Hello World hello world

#### ${x@Q} plain word
x=abc
echo ${x@Q}
## stdout: 'abc'

#### ${x@Q} with spaces and quotes
x="it's a b"
echo "${x@Q}"
## stdout: 'it'\''s a b'

#### ${x@Q} of empty and unset
x=
argv "${x@Q}" "${unset@Q}"
## stdout: <''> <>

#### ${x@Q} with a newline and tab
x=$(printf 'a\nb\tc')
echo "${x@Q}"
## stdout: $'a\nb\tc'

#### ${x@Q} with a control character
x=$(printf 'a\001b\033c')
echo "${x@Q}"
## stdout: $'a\001b\Ec'

#### ${x@Q} with non-ASCII in the C locale
x=$(printf '\303\251')
echo "${x@Q}"
## stdout: $'\303\251'

#### ${x@Q} with a backslash and a dollar
x='a\b$c'
echo "${x@Q}"
## stdout: 'a\b$c'

#### ${x@Q} round-trips through eval
x='it'\''s "q" \ $x *'
eval "y=${x@Q}"
test "$x" = "$y" && echo same
## stdout: same

#### ${@@Q} quotes each parameter
set -- a 'b c' "d'e"
echo "${@@Q}"
## stdout: 'a' 'b c' 'd'\''e'

#### ${x@K} and ${x@k} quote a scalar as ${x@Q} does
x="a b'c"
set -- a 'b c'
echo "${x@K}" "${x@k}" "${@@K}" "[${unset@K}]"
## stdout: 'a b'\''c' 'a b'\''c' 'a' 'b c' []

#### ${x@E} expands backslash escapes
x='a\tb\nc'
printf '%s|' "${x@E}"; echo
## stdout-json: "a\tb\nc|\n"

#### ${x@E} octal, hex and named escapes
x='\101\x42\u0043\e\\'
printf '%s' "${x@E}" | od -An -c | tr -s ' '
## STDOUT:
 A B C 033 \
## END

#### ${x@E} keeps an unknown escape
x='a\qb'
echo "${x@E}"
## stdout: a\qb

#### ${x@P} with simple escapes
x='a\\b\$'
echo "${x@P}"
## stdout: a\b#

#### bad transformation letter ends the script
x=a
echo before
echo ${x@Z}
echo after
## stdout: before
## status: 1

#### bad transformation letter of an unset variable is nothing
unset x
argv "${x@Z}" "${x@}"
## stdout: <> <>

#### ${!name} indirection
x=y; y=value
echo ${!x}
## stdout: value

#### ${!name} to a positional parameter
set -- one two
n=2
echo ${!n}
## stdout: two

#### ${!#} is the last parameter
set -- a b c
echo ${!#}
## stdout: c

#### ${!name} with an operator
x=y; unset y
echo ${!x:-default} ${!x-d2}
x=y; y=abc
echo ${!x#a} ${!x^^} ${#x}
## STDOUT:
default d2
bc ABC 1
## END

#### ${!name} to an unset variable
x=nothere
argv "${!x}"
## stdout: <>

#### ${!name} with an invalid name
x='a b'
echo ${!x}
echo status $?
## stdout: status 1

#### ${!name} of an unset name
unset x
echo ${!x}
echo status $?
## stdout: status 1

#### ${!prefix*} and ${!prefix@}
pa=1 pb=2 pc=3 other=4
argv "${!p*}" "${!p@}"
## stdout: <pa pb pc> <pa> <pb> <pc>

#### ${!prefix@} sorted, unset excluded
zz_b=1 zz_a=2
unset zz_c
echo ${!zz_@}
## stdout: zz_a zz_b

#### ${!prefix*} joins with IFS
qa=1 qb=2
IFS=,
echo "${!q*}"
## stdout: qa,qb

#### ${!prefix@} with no match
argv "${!nosuchprefix@}" "${!nosuchprefix*}"
## stdout: <>

#### ${!} is the last background pid
true &
wait
test -n "${!}" && echo has pid
## stdout: has pid

#### ${1:-x} default on a positional
set -- '' b
echo ${1:-x} ${2:-x} ${3:-x} ${3-y}
## stdout: x b x y

#### "${@:-none}"
set --
argv "${@:-none}"
set -- a 'b c'
argv "${@:-none}"
## STDOUT:
<none>
<a> <b c>
## END

#### "${@:-}" with no parameters is one empty field
set --
argv "${@:-}" "${@-}"
## stdout: <> <>

#### "${@:+w}" and "${*:+w}"
set --
argv "${@:+set}" x
set -- a
argv "${@:+set}"
## STDOUT:
<x>
<set>
## END

#### ${@-x} and ${*-x} with an empty parameter
set -- ''
argv "${@:-x}" "${*:-x}" "${@-y}"
## stdout: <x> <x> <>

#### two empty parameters are not null
set -- '' ''
argv "${@:-x}"
## stdout: <> <>

#### ${#:-x} is $#
set -- a b
echo ${#:-x} ${#-x}
## stdout: 2 2

#### ${?:-x} and ${$:+pid}
false
echo ${?:-x} ${$:+pid}
## stdout: 1 pid

#### ${10} and ${10:-x}
set -- 1 2 3 4 5 6 7 8 9 ten
echo ${10} ${10:-x} ${11:-x}
## stdout: ten ten x

#### ${-3} is a bad substitution
echo ${-3}
echo status $?
## stdout: status 1

#### bad substitution message
(echo ${x;}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout: ${x;}: bad substitution

#### bad substitution fails the command, the next line runs
echo ${x;}
echo next $?
## stdout: next 1

#### bad substitution abandons the rest of its line
echo ${x;}; echo same line
echo next $?
## stdout: next 1

#### ${} is a bad substitution
echo ${}
echo status $?
## stdout: status 1

#### ${x:} is a bad substitution
x=abc
echo ${x:}
echo status $?
## stdout: status 1

#### ${x:q} is an offset of variable q
x=abc
echo ${x:q} ${x:x}
## stdout: abc abc

#### bad substitution message names the expansion
(echo ${x@}) 2>&1 | sed 's/.*line [0-9]*: //'
## stdout-json: "\n"

#### an unterminated ${ is a syntax error
$SH -c 'echo ${x' 2>/dev/null
echo status $?
## stdout: status 2

#### an unterminated ${x:- is a syntax error
$SH -c 'echo ${x:-abc' 2>/dev/null
echo status $?
## stdout: status 2

#### operators inside double quotes with IFS
IFS=:
x=a:b
argv ${x/:/::} "${x/:/::}" ${u:-c:d}
## stdout: <a> <> <b> <a::b> <c> <d>

#### default with an empty IFS
IFS=
unset x
argv ${x:-a b}
## stdout: <a b>

#### default word globbing is suppressed by quotes
touch a.txt
unset x
argv ${x:-"*.txt"} ${x:-*.txt}
## stdout: <*.txt> <a.txt>

#### an unquoted empty default makes no field
unset x
argv ${x:-} ${x:-""} ${x:-''}
## stdout: <> <>

#### operator result joined with literal text
x=abc
argv pre${x#a}post "pre${x%c}post"
## stdout: <prebcpost> <preabpost>

#### multiple operators in one word
x=abc y=
argv ${x#a}${y:-Y}${x:1:1}
## stdout: <bcYb>

#### operator in an assignment value
x=hello
y=${x/l/L} z=${u:-a b}
argv "$y" "$z"
## stdout: <heLlo> <a b>

#### operator in a here-document
x=hello
cat <<EOT
${x^^} ${x:1:3} ${u:-def}
EOT
## stdout: HELLO ell def

#### operator in a here-string
x=hello
cat <<< "${x%lo}"
## stdout: hel

#### operator in case
x=hello
case ${x#h} in ello) echo match;; *) echo no;; esac
## stdout: match

#### operator in [[ ]]
x=hello
[[ ${x:0:1} == h ]] && echo yes
## stdout: yes

#### operator in arithmetic
x=12345
echo $(( ${#x} + ${x:0:1} ))
## stdout: 6

#### operator in for
x='a b c'
for w in ${x// /-} ${x}; do echo "[$w]"; done
## STDOUT:
[a-b-c]
[a]
[b]
[c]
## END

#### length of a default
x=hello
echo ${#x} ${x:+${#x}}
## stdout: 5 5

#### nested operators
x=/a/b/file.tar.gz
base=${x##*/}
echo ${base%%.*} ${x%/*} ${x%/${base}}
## stdout: file /a/b /a/b

#### a pattern with a nested expansion
x=abcabc; y=b
echo ${x//${y}c/_}
## stdout: a_a_

#### a long value trimmed
x=$(printf 'a%.0s' $(seq 1 2000))b
y=${x##*a}
echo ${#x} $y
## stdout: 2001 b

#### a long replace all
x=$(printf 'ab%.0s' $(seq 1 1000))
y=${x//a/xy}
echo ${#y}
## stdout: 3000

#### ${x=w} inside a function sets a global
f() { : ${gx:=from f}; }
f
echo "$gx"
## stdout: from f

#### ${x:=w} with local scope
f() { local lx; : ${lx:=inner}; echo "$lx"; }
f
echo "[${lx}]"
## STDOUT:
inner
[]
## END

#### substring of a special parameter
false
echo ${?:0:1}
## stdout: 1

#### trimming $0
$SH -c 'echo ${0##*/}' /path/to/name
## stdout: name

#### replace then case
x=hello
y=${x/h/j}
echo ${y^^}
## stdout: JELLO

#### $'...' value with a newline trimmed
nl='
'
x="line1${nl}line2"
echo "${x%%$nl*}"
## stdout: line1

#### a case operator after $?, $- or $# is a bad substitution, a lone + = % / after $# too
set -- a b
for w in '${?,}' '${-^}' '${#^^}' '${!#,}' '${!?^}' '${!@,}' '${#+}' '${#=}' '${#%}' '${#/}'; do
  (eval "echo $w") 2>/dev/null || echo "bad $w"
done
argv "${@^}" "${*,}" "${#+w}" "${#%%}" "${#/2/3}" "${#?^}" "${##,}"
## STDOUT:
bad ${?,}
bad ${-^}
bad ${#^^}
bad ${!#,}
bad ${!?^}
bad ${!@,}
bad ${#+}
bad ${#=}
bad ${#%}
bad ${#/}
<A> <B> <a b> <w> <2> <3> <2> <2>
## END
