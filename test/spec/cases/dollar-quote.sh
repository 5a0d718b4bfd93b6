# $'...' (ANSI-C quoting: C escapes) and $"..." (a double-quoted string; no message catalogs).
# Output goes through od where it holds control characters, so that every byte shows.

#### named escapes
printf '%s' $'\a\b\e\E\f\n\r\t\v' | od -An -c
## stdout:   \a  \b 033 033  \f  \n  \r  \t  \v

#### backslash, quotes and question mark
argv $'\\' $'\'' $'\"' $'\?' $'a\'b'
## stdout: <\> <'> <"> <?> <a'b>

#### octal escapes of one to three digits
argv $'\101\60\1010'
printf '%s' $'\0101' | od -An -c
## STDOUT:
<A0A0>
  \b   1
## END

#### octal above 0377 wraps to a byte
printf '%s' $'\501' | od -An -c
## stdout:    A

#### hex escapes of one or two digits
argv $'\x41\x4a\x4A' $'\x414'
printf '%s' $'\x7\x1b' | od -An -c
## STDOUT:
<AJJ> <A4>
  \a 033
## END

#### \x without a hex digit stays as written
argv $'\x' $'\xg'
## stdout: <\x> <\xg>

#### \u and \U in a UTF-8 locale
export LC_ALL=C.UTF-8
argv $'\u00e9' $'\u20ac' $'\U0001F600' $'\u41'
## stdout: <é> <€> <😀> <A>

#### \u and \U without a digit stay as written
export LC_ALL=C.UTF-8
argv $'\u' $'\U' $'\uz'
## stdout: <\u> <\U> <\uz>

#### control characters with \c
printf '%s' $'\cA\ca\c[\c?\cz' | od -An -c
## stdout:  001 001 033 177 032

#### \c of a punctuation character
printf '%s' $'\c|' | od -An -c
## stdout:  034

#### \c\\ takes both backslashes
printf '%s' $'\c\\x' | od -An -c
## stdout:  034   x

#### \c at the end stays as written
argv $'z\c'
## stdout: <z\c>

#### an unknown escape keeps its backslash
argv $'\q\z\%'
## stdout: <\q\z\%>

#### \0 ends the string, as in bash's C strings
argv $'a\0b'c $'\0'x
## stdout: <ac> <x>

#### adjacent to other quoting in one word
x=mid
argv pre$'\t'"$x"'s'$'\x41'
## stdout: <pre	midsA>

#### the result is quoted: no splitting, no globbing
touch a1 a2
argv $'a*' $'p q'
## stdout: <a*> <p q>

#### a parameter inside is not expanded
x=1
argv $'$x' $'${x}' $'$(echo no)'
## stdout: <$x> <${x}> <$(echo no)>

#### inside double quotes it is not special
argv "$'a\tb'"
## stdout: <$'a\tb'>

#### inside single quotes it is not special
argv '$'"'"'x'
## stdout: <$'x>

#### in an assignment
x=$'a\tb'
printf '%s' "$x" | od -An -c
## stdout:    a  \t   b

#### in a here-string
cat <<< $'one\ntwo'
## STDOUT:
one
two
## END

#### not in a here-document body
cat <<EOF
$'a\tb'
EOF
## stdout: $'a\tb'

#### as a case pattern, matched literally
case $'\t' in $'\t') echo tab;; *) echo other;; esac
case 'a*' in $'a*') echo star;; esac
case ab in $'a*') echo glob;; *) echo literal;; esac
## STDOUT:
tab
star
literal
## END

#### in ${x:-...}
unset u
argv ${u:-$'a\tb'} "${u:-$'c\td'}"
## stdout: <a	b> <c	d>

#### in [[ ]]
[[ $'\t' == $'\t' ]] && echo equal
[[ $'a\nb' == a?b ]] && echo match
## STDOUT:
equal
match
## END

#### in a for list and as a command name
for w in $'a\x41' $'b\x42'; do printf '%s,' "$w"; done; echo
$'\x65cho' hi
## STDOUT:
aA,bB,
hi
## END

#### an escaped $ before a quote is not ANSI-C quoting
argv \$'a\tb'
## stdout: <$a\tb>

#### $"..." is a double-quoted string
x=world
argv $"hello $x" $"a  b" $""
## stdout: <hello world> <a  b> <>

#### $"..." inside double quotes is not special
argv "$"x""
## stdout: <$x>

#### backslashes in $"..." are those of double quotes
argv $"a\$b\"c\d"
## stdout: <a$b"c\d>

#### a newline inside
printf '%s' $'a
b' | od -An -c
## stdout:    a  \n   b

#### brace expansion around it
argv {$'\x41',b}x
## stdout: <Ax> <bx>

#### an unterminated $' is a syntax error
eval "echo \$'abc"
echo status=$?
## stdout: status=2

#### ${x@E} decodes the same escapes
x='a\tb\x41\cA\101\0c'
printf '%s' "${x@E}" | od -An -c
## stdout:    a  \t   b   A 001   A

#### \u in the C locale stays as written
# bash encodes \u and \U in the locale of the moment; in C (or POSIX) it leaves a character
# above 0x7f as the escape, in upper case, and ASCII as the character.
argv $'\u00e9' $'\U0001F600' $'\u0041' $'\u7f' $'\u80' $'\U41'
## stdout-json: "<\\u00E9> <\\U0001F600> <A> <\u007f> <\\u0080> <A>\n"

#### $'...' is decoded in the locale of the moment it is read
# LC_ALL, then LC_CTYPE, then LANG decide. A function body is read when it is defined, so it
# keeps the locale of then; eval reads its text when it runs.
f() { argv $'\u00e9'; }
export LANG=C.UTF-8 LC_ALL=
argv $'\u00e9'
LC_CTYPE=C
argv $'\u00e9'
unset LC_CTYPE
f
eval "argv \$'\\u00e9'"
## STDOUT:
<é>
<\u00E9>
<\u00E9>
<é>
## END

#### a byte that is not UTF-8
printf '%s' $'\xff' | od -An -tx1
## stdout:  ff
# A byte that is no part of a UTF-8 character (from \xHH or octal) stays that byte; bytes that
# make up UTF-8 characters (\xc3\xa9) make that character.

#### bytes that make a UTF-8 character
argv $'\xc3\xa9' $'\303\251'
## stdout: <é> <é>
