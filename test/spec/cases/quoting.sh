# Quoting: single quotes, double quotes, backslash. `argv` (test/spec/bin) prints each argument in <>.
## compare_shells: dash zsh

#### single quotes keep everything literally
argv 'a $HOME "q" \n \ `x`'
## stdout: <a $HOME "q" \n \ `x`>

#### single quotes may span lines
argv 'a
b'
## STDOUT:
<a
b>
## END

#### double quotes keep blanks and stop splitting
argv "a   b" "	tab"
## stdout: <a   b> <	tab>

#### in double quotes a backslash escapes only $ ` " \ and newline
argv "a\$b" "a\`b" "a\"b" "a\\b" "a\b" "a\n" "a\ b"
## stdout: <a$b> <a`b> <a"b> <a\b> <a\b> <a\n> <a\ b>

#### a backslash-newline inside double quotes is removed
echo "a\
b"
## stdout: ab

#### a single quote inside double quotes is literal
argv "it's"
## stdout: <it's>

#### an unquoted backslash quotes the next character
argv \a\b \\ a\ b \$x \' \"
## stdout: <ab> <\> <a b> <$x> <'> <">

#### an unquoted backslash-newline joins lines
echo a\
b
## stdout: ab

#### adjacent quoted and unquoted parts make one word
argv a'b'"c"d'e f'
## stdout: <abcde f>

#### empty quotes make an empty argument
argv '' "" x''
## stdout: <> <> <x>

#### variables expand in double quotes, not in single quotes
x=value
argv "$x" '$x' "${x}" '${x}'
## stdout: <value> <$x> <value> <${x}>

#### an expanded value is not expanded again
x='$HOME'
y='`echo no`'
argv "$x" $x $y
## stdout: <$HOME> <$HOME> <`echo> <no`>
## OK zsh stdout: <$HOME> <$HOME> <`echo no`>

#### a lone dollar is literal
argv $ "$" "a$" a$
## stdout: <$> <$> <a$> <a$>

#### quoted operators are plain words
argv ';' "|" \& '>' "&&"
## stdout: <;> <|> <&> <>> <&&>

#### a quoted command name is still found
\echo quoted-name
"echo" double-quoted-name
## STDOUT:
quoted-name
double-quoted-name
## END
