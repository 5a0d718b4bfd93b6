# Syntax errors: status 2. A script (and a -c string) is read and run a line at a time, so the lines
# before the bad one run, and nothing on or after it does.
## compare_shells: dash zsh

#### a pipe with nothing before it
echo before
| echo x
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### two pipes in a row
echo before
echo a | | cat
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### && with nothing before it
echo before
&& echo x
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### && followed by |
echo before
echo a && | cat
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a leading semicolon
echo before
; echo x
echo after
## stdout: before
## status: 2
## OK zsh STDOUT:
before
x
after
## END
## OK zsh status: 0

#### two semicolons in a row
echo before
echo a; ; echo b
echo after
## stdout: before
## status: 2
## OK zsh STDOUT:
before
a
b
after
## END
## OK zsh status: 0

#### ;; outside a case
echo before
echo a ;;
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### & followed by &
echo before
echo a & &
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a redirect with no target
echo before
echo a >
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a redirect followed by an operator
echo before
echo a > ;
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a here-string with no word
echo before
cat <<<
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a stray )
echo before
echo a )
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a ( where a word should be
echo before
echo a (
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an unterminated single quote
echo before
echo 'abc
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an unterminated double quote
echo before
echo "abc
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an unterminated $(
echo before
echo $(echo x
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an unterminated backquote
echo before
echo `echo x
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an unterminated ${
echo before
echo ${x
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a syntax error inside $(...) is one in the whole line
echo before
x=$(| cat); echo same-line
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### an error on a line stops the commands before it on that line too
echo before
echo a; echo b; | echo c
echo after
## stdout: before
## status: 2
## OK zsh status: 1

#### a trailing | or && continues onto the next line, not an error
echo a |
tr a A
echo b &&
echo c
## STDOUT:
A
b
c
## END

#### a syntax error in $SH -c gives 2 and runs none of the string
$SH -c 'echo first; echo a | | b' 2>/dev/null
echo "status=$?"
## stdout: status=2
## OK zsh stdout: status=1

#### the error is reported on stderr
$SH -c 'echo a | | b' 2> err
[ -s err ] && echo reported
## stdout: reported

#### a syntax error in $(...) of a -c string gives 2
$SH -c 'echo $(echo a | | b)' 2>/dev/null
echo "status=$?"
## stdout: status=2
## BUG bash stdout: status=127
## OK zsh stdout: status=1
# bash 5.2 exits 127 here, though the same line in a script file gives 2 (see "a syntax error
# inside $(...) is one in the whole line"); Quirl is held to 2
