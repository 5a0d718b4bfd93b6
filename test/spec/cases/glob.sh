# Pathname expansion: * ? [...] on unquoted words, sorted (LC_ALL=C), no match leaves the word.
## compare_shells: dash zsh

#### * matches every name but hidden ones, sorted in C order
touch b a B .hidden 'c d'
argv *
## stdout: <B> <a> <b> <c d>

#### ? matches one character
touch a1 a2 a10 b1
argv a?
## stdout: <a1> <a2>

#### [...] matches one character of a set or range
touch a1 b1 c1 d1
argv [ab]1 [b-c]1
## stdout: <a1> <b1> <b1> <c1>

#### [!...] matches one character not in the set
touch a1 b1 c1
argv [!a]1
## stdout: <b1> <c1>

#### a character class in brackets
touch A b C
argv [[:upper:]]
## stdout: <A> <C>

#### no match leaves the pattern as it is
argv nomatch* no?match
## stdout: <nomatch*> <no?match>
## N-I zsh stdout-json: ""
## N-I zsh status: 1

#### quoted or escaped pattern characters are literal
touch a1 a2
argv "a*" 'a?' a\* "a"*
## stdout: <a*> <a?> <a*> <a1> <a2>

#### a pattern in an expanded variable is globbed unless quoted
touch a1 a2
x='a*'
argv $x "$x"
## stdout: <a1> <a2> <a*>
## OK zsh stdout: <a*> <a*>

#### an assignment is not globbed
touch a1 a2
x=a*
argv "$x"
## stdout: <a*>

#### a name with spaces from a glob stays one field
touch 'two words'
argv two*
## stdout: <two words>

#### a glob in a directory, and a trailing / matches directories only
mkdir dir sub
touch dir/x dir/y file
argv dir/* */
## stdout: <dir/x> <dir/y> <dir/> <sub/>

#### * in the middle of a path
mkdir -p p1/q p2/q p3
touch p1/q/f p2/q/f
argv p*/q/f
## stdout: <p1/q/f> <p2/q/f>

#### .* matches hidden names, and not . or .. (bash 5.2 globskipdots)
touch .h1 .h2 shown
argv .*
## stdout: <.h1> <.h2>
## OK dash stdout: <.> <..> <.h1> <.h2>

#### a leading dot must be matched explicitly, also by ? and [.]
touch .h a
argv ?h [.]h
## stdout: <?h> <[.]h>
## N-I zsh stdout-json: ""
## N-I zsh status: 1

#### an unmatched [ is literal
argv [ [a a]
## stdout: <[> <[a> <a]>
## N-I zsh stdout-json: ""
## N-I zsh status: 1

#### a glob result is not expanded again
touch '*' a
argv *
## stdout: <*> <a>

#### a glob as the command name
printf '#!/bin/sh\necho ran $0\n' > run-me
chmod +x run-me
./run-*
## stdout: ran ./run-me

#### a pattern matching nothing in a missing directory is left as is
argv nosuchdir/*
## stdout: <nosuchdir/*>
## N-I zsh stdout-json: ""
## N-I zsh status: 1

#### in the C locale a wildcard matches a byte, not a multibyte character
touch a.txt é.txt
argv ?.txt ??.txt *é*
## stdout: <a.txt> <é.txt> <é.txt>
