# Comments: `#` at the start of a word runs to the end of the line.
## compare_shells: dash zsh

#### a comment after a command
echo a # not printed
## stdout: a

#### a whole-line comment, and one after a semicolon
# echo hidden
echo shown; # echo hidden
## stdout: shown

#### a # inside a word is not a comment
echo a#b c# #d
## stdout: a#b c#

#### a quoted or escaped # is not a comment
echo '#a' "#b" \#c
## stdout: #a #b #c

#### a comment ends at the newline, not at a semicolon or quote
echo before # ; echo hidden ' unbalanced
echo after
## STDOUT:
before
after
## END

#### a comment inside $(...)
echo $(echo inside # hidden )
)
## stdout: inside

#### a comment does not continue with a trailing backslash
echo a # comment \
echo b
## STDOUT:
a
b
## END
