# Here-strings (bash): `<<< word` feeds the expanded word and a newline on stdin.
## compare_shells: zsh

#### <<< feeds a word and a newline
cat <<< hello
## stdout: hello

#### the added newline is counted
wc -c <<< abc
## stdout: 4

#### the word is expanded and may be quoted
x='a b'
cat <<< "$x and $(echo sub)"
cat <<< 'single $x'
## STDOUT:
a b and sub
single $x
## END

#### an unquoted here-string word is not split (bash 4.4 and later)
x='a   b'
cat <<< $x
## stdout: a   b

#### an unquoted here-string word is not globbed
touch f1 f2
cat <<< f*
## stdout: f*

#### an empty here-string is one empty line
cat <<< '' | wc -c
## stdout: 1

#### a here-string can go to another descriptor
cat 3<<< on-three <&3
## stdout: on-three

#### a later < overrides a here-string, and the other way round
echo from-file > f
cat <<< from-string < f
cat < f <<< from-string
## STDOUT:
from-file
from-string
## END
## OK zsh STDOUT:
from-string
from-file
from-file
from-string
## END

#### a here-string feeds a pipeline's first stage
tr a-z A-Z <<< shout | cat
## stdout: SHOUT

#### a here-string goes to a builtin that ignores stdin
echo ignored-stdin <<< input
## stdout: ignored-stdin

#### a multi-line here-string
cat <<< 'line one
line two'
## STDOUT:
line one
line two
## END
