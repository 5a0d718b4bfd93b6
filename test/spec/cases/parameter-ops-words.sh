# Parameter expansion operators: how their words are quoted and lexed (bash 5.2), and their
# errors. See parameter-ops.sh for the operators themselves; this file adds nesting and quoting.

#### "$@" inside a quoted default word
set -- a 'b c'
unset x
argv "${x:-"$@"}" ${x:-"$@"}
## stdout: <a> <b c> <a> <b c>

#### $* inside a quoted default word
set -- a 'b c'
unset x
argv "${x:-$*}" "${x:-"$*"}"
## stdout: <a b c> <a b c>

#### backquotes inside a default word
unset x
argv ${x:-`echo a b`} "${x:-`echo a b`}"
## stdout: <a> <b> <a b>

#### escaped double quote and dollar in a quoted default word
unset x
argv "${x:-\"}" "${x:-\$y}" "${x:-\\}" "${x:-\a}"
## stdout: <"> <$y> <\> <\a>

#### escapes in an unquoted default word
unset x
argv ${x:-\$y} ${x:-\\} ${x:-\a}
## stdout: <$y> <\> <a>

#### a quoted brace in an unquoted default word
x=1
argv ${x:+'}'} ${x:+"}"}
## stdout: <}> <}>

#### a single quote in a quoted default word is literal
x=1
argv "${x:+'a'}" "${x:+'a b'}"
## stdout: <'a'> <'a b'>

#### default words in a here-document keep single quotes
unset x
cat <<EOT
${x:-'a b'} ${x:-"q"}
EOT
## stdout: 'a b' q

#### a pattern from a quoted variable in double quotes
x='a*c'; p='*'
argv "${x#*"$p"}" "${x#a"$p"}"
## stdout: <c> <c>

#### a nested expansion in the pattern with quotes
x=abc; y=a
argv "${x#"${y}"}" ${x#${y}b}
## stdout: <bc> <c>

#### a command substitution in the pattern
x=abc
argv ${x#$(echo a)} "${x%$(echo c)}"
## stdout: <bc> <ab>

#### a command substitution in the replacement
x=abc
argv "${x/b/$(echo X Y)}" ${x/b/$(echo X Y)}
## stdout: <aX Yc> <aX> <Yc>

#### a replacement with a space splits unquoted
x=a_b
argv ${x/_/ }
## stdout: <a> <b>

#### IFS splitting of a trimmed value
x='a b c'
argv ${x#a } "${x#a }"
## stdout: <b> <c> <b c>

#### trimming with ranges in brackets
x=hello123
argv ${x%%[0-9]*} ${x##[a-z]*[a-z]}
## stdout: <hello> <123>

#### a closing bracket first in a bracket expression
x='a]b'
argv ${x/[]]/-}
## stdout: <a-b>

#### a negated bracket with a class
x='a1b2'
argv ${x//[![:digit:]]/.}
## stdout: <.1.2>

#### a literal question mark quoted
x='a?b'
argv ${x/'?'/!} ${x/\?/!} ${x/?/!}
## stdout: <a!b> <a!b> <!?b>

#### a slash inside quotes in the pattern
x=a/b
argv "${x/"/"/-}" ${x/'/'/+}
## stdout: <a-b> <a+b>

#### ${x/#p} and ${x/%p} with a pattern that matches empty
x=abc
argv ${x/#*/X} ${x/%*/X} ${x/#a*/X}
## stdout: <X> <X> <X>

#### trim of every element of $@ unquoted
set -- a-1 b-2
argv ${@%-*} ${*#*-}
## stdout: <a> <b> <1> <2>

#### length of the positional parameters after shift
set -- a b c
shift
echo ${#@} ${#}
## stdout: 2 2

#### ${10:1} and ${#10}
set -- 1 2 3 4 5 6 7 8 9 abcdef
echo ${10:1} ${#10}
## stdout: bcdef 6

#### substring with an arithmetic variable expression
x=abcdef; i=1
echo ${x:i++:2} $i
## stdout: bc 2

#### ${x:off:len} with a length beyond the end
x=abc
echo ${x:1:100}
## stdout: bc

#### substring of $0
$SH -c 'echo ${0:1:3}' xname
## stdout: nam

#### ${@:1:1} first parameter
set -- first second
echo ${@:1:1} ${*:2:1}
## stdout: first second

#### case change with a bracket pattern of a class
x='abc def'
echo ${x^^[[:lower:]]} ${x^[d]}
## stdout: ABC DEF abc def

#### upper first of each parameter
set -- alpha beta
echo ${@^} ${*,,}
## stdout: Alpha Beta alpha beta

#### transform of the positional parameters
set -- 'a b' c
argv "${@@U}" "${*@Q}"
## stdout: <A B> <C> <'a b' 'c'>

#### @Q of a value with only a single quote
x="'"
echo ${x@Q}
## stdout: \'

#### @u of empty and of a digit first
x=; y=1abc
argv "${x@u}" "${y@u}"
## stdout: <> <1abc>

#### indirection to a special parameter
set -- a b
n='#'; q='?'
false
echo ${!n} ${!q}
## stdout: 2 1

#### indirection to $@
set -- a b c
r=@
argv "${!r}"
## stdout: <a> <b> <c>

#### indirection with a default when the target is set and empty
t=; r=t
argv "${!r-unset}" "${!r:-empty}"
## stdout: <> <empty>

#### indirection and length
r=v; v=hello
echo ${#r} ${!r}
## stdout: 1 hello

#### ${!prefix*} with underscores and digits
pre_1=a pre_2=b prefix=c
echo ${!pre_*} ${!pre*}
## stdout: pre_1 pre_2 pre_1 pre_2 prefix

#### default that assigns inside a command substitution does not leak
unset x
y=$(echo ${x:=inner})
echo "$y" "[$x]"
## stdout: inner []

#### := then used in the same word
unset x
echo ${x:=one}-$x
## stdout: one-one

#### nested assignments
unset a b
echo ${a:=${b:=deep}} $a $b
## stdout: deep deep deep

#### ${x?} in a function ends the script
echo start
f() { echo ${nope?in f}; echo not here; }
f
echo not reached
## stdout: start
## status: 1

#### ${x:?} after output in the same command
echo one; echo ${z:?missing}; echo two
## stdout: one
## status: 1

#### bad substitution abandons the rest of a subshell's commands
(echo ${x;}; echo next)
echo after $?
## stdout: after 1

#### ${#x} of a number
x=12345
echo ${#x} ${#x}x
## stdout: 5 5x

#### ${x:-} with set -u style unset
unset x
echo "[${x:-}]" "[${x-}]"
## stdout: [] []

#### default on $1 with no parameters
set --
echo ${1:-none} ${1-none}
## stdout: none none

#### alternative value on a positional
set -- ''
echo "[${1:+set}]" "[${1+set}]"
## stdout: [] [set]

#### a default of spaces quoted
unset x
argv "${x:-   }"
## stdout: <   >

#### a long default word
unset x
echo ${x:-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa}
## stdout: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa

#### operators across lines in a default word
unset x
echo "${x:-line1
line2}"
## STDOUT:
line1
line2
## END

#### default word with a semicolon and a pipe
unset x
echo ${x:-a;b|c}
## stdout: a;b|c

#### default word with parentheses and redirection characters
unset x
echo ${x:-(a)<b>}
## stdout: (a)<b>

#### a replacement with a newline
x=a,b
echo "${x/,/
}"
## STDOUT:
a
b
## END

#### single quotes in a quoted default word hide a brace but stay
x=1
argv "${u:-'}'}" "${u:-'a}b'c}" "${u:-'$x'}" "${u:-'a\'}" "${u:-{'}'}"
## stdout: <'}'> <'a}b'c> <'1'> <'a\'> <{'}'>

#### backslashes in a quoted default word, outside and inside its inner double quotes
s=abc
argv "${u:-\{}" "${u:-\{\}}" "${u:-\a}" "${u:-"\a"}" "${s:+"\$"}" "${s:+"\"x\""}" "${u:-"\\"}"
argv "${u="\a" \a}" "$u"
## STDOUT:
<\{> <\{}> <\a> <a> <$> <"x"> <\>
<a \a> <a \a>
## END

#### inner double quotes of a quoted default word are stripped, also inside single quotes
a=set
argv "${a+'"  x  '}" "${a+'x"y"'}" "${u:-"'"}" "${u:-"'}'"}" "${u:-'"'}"
## stdout: <'  x  '> <'xy'> <'> <'}'> <''>

#### the word of ? inside double quotes is read as a word of its own
(: "${u:?'}'  \a "\a"}") 2>&1 | sed 's/^.*line [0-9]*: //'
## stdout: u: }  a \a

#### a brace inside an operator's word opens nothing
argv ${u:-{a}b} "${u:-{a}b}" ${u:-x{a,b}y} "${u#{a}b}"
## stdout: <{ab}> <{ab}> <x{a,by}> <b}>

#### an arithmetic offset and length split at the right colon
x=abcdef
i=1
argv "${x:i?2:3:2}" "${x:(i?2:3):1}" "${x:1:i?2:3}" "${x:(i+1)*1:2}" ${x:(4)} "${x:i>0?1:2:(2)}"
## stdout: <cd> <c> <bc> <cd> <ef> <bc>
