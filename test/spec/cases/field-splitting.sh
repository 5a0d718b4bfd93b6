# Field splitting: the results of unquoted expansions are split on IFS (default space, tab, newline).
## compare_shells: dash zsh

#### unquoted expansions split on blanks and newlines; edges are trimmed
x="  a  b	c
d  "
argv $x
## stdout: <a> <b> <c> <d>
## OK zsh STDOUT:
<  a  b	c
d  >
## END
# zsh does not split unquoted parameters unless SH_WORD_SPLIT is set

#### quoted expansions are not split
x="  a  b  "
argv "$x"
## stdout: <  a  b  >

#### literal text is never split, only expansions
IFS=:
x=a:b
argv a:b $x
## STDOUT:
<a:b> <a> <b>
## END
## OK zsh stdout: <a:b> <a:b>

#### a non-blank IFS character delimits, and two in a row make an empty field
IFS=:
x=a::b
argv $x
## stdout: <a> <> <b>
## OK zsh stdout: <a::b>

#### a leading delimiter makes an empty field, a trailing one does not
IFS=:
x=:a:
argv $x
## stdout: <> <a>
## OK zsh stdout: <:a:>

#### blanks around a non-blank IFS character belong to it
IFS=' :'
x='a : b  c'
argv $x
## stdout: <a> <b> <c>
## OK zsh stdout: <a : b  c>

#### an empty IFS disables splitting
IFS=
x='a b'
argv $x
## stdout: <a b>

#### an unset IFS splits as the default
IFS=:
unset IFS
x='a:b c'
argv $x
## stdout: <a:b> <c>
## OK zsh stdout: <a:b c>

#### an unquoted empty expansion is no field; a quoted one is an empty field
empty=
argv $empty "$empty" x$empty
## stdout: <> <x>

#### an expansion that is only blanks is no field
blanks='   '
argv a $blanks b
## stdout: <a> <b>
## OK zsh stdout: <a> <   > <b>

#### split fields join with adjacent text at the edges
x='1 2'
argv a$x"b"
## stdout: <a1> <2b>
## OK zsh stdout: <a1 2b>

#### the results of $(...) are split too
argv $(printf 'a\tb\nc')
## stdout: <a> <b> <c>

#### IFS applies to $(...) results
IFS=,
argv $(echo 'a,b c')
## stdout: <a> <b c>

#### assignments do not split
IFS=,
x='a,b'
y=$x
argv "$y"
## stdout: <a,b>

#### splitting happens before pathname expansion, on the value only
touch 'a b' a b
x='a b'
argv $x "$x"
## stdout: <a> <b> <a b>
## OK zsh stdout: <a b> <a b>

#### a changed IFS takes effect for the next command
x=a-b
IFS=- argv $x
IFS=-
argv $x
## STDOUT:
<a-b>
<a> <b>
## END
## OK zsh STDOUT:
<a-b>
<a-b>
## END
