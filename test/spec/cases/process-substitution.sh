# Process substitution (bash): <(list) and >(list) become /dev/fd/N, a pipe to the list, which
# runs beside the command. A list with output still running when the script ends would outlive
# bash, so cases with >(list) collect its output through `| cat`, which waits for every writer.
#
# Known differences from bash, on purpose:
# - N is whatever descriptor the shell has free (bash counts down from 63), so cases print it
#   only as a pattern.
# - Quirl waits for a command's lists to end when the command ends (after closing its pipe ends,
#   so a list reading sees EOF and one writing sees EPIPE); bash lets them run on. So
#   `echo <(sleep 5)` takes five seconds, and `tee >(wc -l)` prints the count before the next
#   command runs; no list, and nothing it started, outlives its command.
# - A process substitution does not set $! (see the case below).

# Each case ends by waiting until the shell has no child left: bash does not wait for its lists,
# and none may outlive the script.

#### the word is /dev/fd/N
case $(echo <(true)) in /dev/fd/[0-9]*) echo fd;; *) echo other;; esac
while pgrep -P $$ > /dev/null; do :; done
## stdout: fd

#### inside a word, and after digits (not a redirect)
for w in x<(true) 2<(true); do case $w in x/dev/fd/[0-9]*|2/dev/fd/[0-9]*) echo ok;; esac; done
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
ok
ok
## END

#### a command reads the list's output
cat <(echo a)
while pgrep -P $$ > /dev/null; do :; done
## stdout: a

#### two lists in one command
cat <(echo a) <(echo b)
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
a
b
## END

#### diff of two lists
diff <(printf '1\n2\n') <(printf '1\n3\n')
echo status=$?
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
2c2
< 2
---
> 3
status=1
## END

#### diff of equal lists
diff <(echo same) <(echo same) && echo equal
while pgrep -P $$ > /dev/null; do :; done
## stdout: equal

#### paste of two lists
paste -d, <(printf '1\n2\n') <(printf 'a\nb\n')
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
1,a
2,b
## END

#### a loop reads a list through a redirect, in the current shell
n=0
while read -r line; do n=$((n + 1)); last=$line; done < <(printf 'a\nb\nc\n')
echo "$n $last"
while pgrep -P $$ > /dev/null; do :; done
## stdout: 3 c

#### read takes a line from a list
read -r a b < <(echo 1 2)
echo "$a+$b"
while pgrep -P $$ > /dev/null; do :; done
## stdout: 1+2

#### cat < <(list)
cat < <(echo redirected)
while pgrep -P $$ > /dev/null; do :; done
## stdout: redirected

#### a list's status is not the command's
cat <(exit 3)
echo $?
while pgrep -P $$ > /dev/null; do :; done
## stdout: 0

#### a list that fails to run
cat <(nosuch_command_xyz 2>/dev/null)
echo $?
while pgrep -P $$ > /dev/null; do :; done
## stdout: 0

#### the list sees the shell's variables and functions
v=1
g() { echo "in g $v"; }
cat <(g)
while pgrep -P $$ > /dev/null; do :; done
## stdout: in g 1

#### the list's changes stay in it
v=1
cat <(v=changed; echo $v)
echo $v
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
changed
1
## END

#### nested
cat <(cat <(echo nested))
while pgrep -P $$ > /dev/null; do :; done
## stdout: nested

#### in a command substitution
x=$(cat <(echo inside))
echo "$x"
while pgrep -P $$ > /dev/null; do :; done
## stdout: inside

#### as an argument of a function
f() { cat "$1"; }
f <(echo fn)
while pgrep -P $$ > /dev/null; do :; done
## stdout: fn

#### in a for list, open for the whole loop
for f in <(echo one) <(echo two); do cat "$f"; done
st=$?; while pgrep -P $$ > /dev/null; do :; done; exit $st
## status: 1
## STDOUT:
one
## END
## OK quirl status: 0
## OK quirl STDOUT:
one
two
## END
# bash closes every process substitution's descriptor once the first command of the loop body
# ends, so the second file is gone; Quirl keeps a command's substitutions open until that
# command (here the for loop) ends.

#### source reads from a list
source <(echo 'echo sourced; sv=set')
echo $sv
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
sourced
set
## END

#### [[ -e ]] on one
[[ -e <(true) ]] && echo exists
while pgrep -P $$ > /dev/null; do :; done
## stdout: exists

#### the name is closed once its command ends
f=<(echo gone)
cat "$f" 2>/dev/null || echo closed
while pgrep -P $$ > /dev/null; do :; done
## stdout: closed

#### a command that reads none of it
echo <(yes) > /dev/null
head -c 2 <(yes)
while pgrep -P $$ > /dev/null; do :; done
## stdout: y

#### a list reading the stage's stdin
echo input | cat <(cat)
while pgrep -P $$ > /dev/null; do :; done
## stdout: input

#### in the middle of a pipeline
echo x | cat - <(echo y) | cat
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
x
y
## END

#### >(list) reads what the command writes
echo hello > >(tr a-z A-Z) | cat
while pgrep -P $$ > /dev/null; do :; done
## stdout: HELLO

#### tee into a list and on
echo hi | tee >(tr a-z A-Z) | cat
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
hi
HI
## END

#### tee >(wc -l)
printf 'a\nb\nc\n' | tee >(wc -l) > /dev/null | cat
while pgrep -P $$ > /dev/null; do :; done
## stdout: 3

#### a builtin writes into a list
printf '%s\n' 1 2 3 4 > >(wc -l) | cat
while pgrep -P $$ > /dev/null; do :; done
## stdout: 4

#### both directions in one command
cat <(echo both) > >(tr a-z A-Z) | cat
while pgrep -P $$ > /dev/null; do :; done
## stdout: BOTH

#### brace expansion makes two substitutions
cat {,}<(echo twice)
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
twice
twice
## END

#### quoted, it is text
argv "<(true)" '<(true)' \<\(true\)
while pgrep -P $$ > /dev/null; do :; done
## stdout: <<(true)> <<(true)> <<(true)>

#### a list that never ends its output is stopped by the command's end
yes | head -1 > /dev/null
head -1 <(yes; echo never)
while pgrep -P $$ > /dev/null; do :; done
## stdout: y

#### a syntax error inside
eval 'cat <(echo a'
echo status=$?
while pgrep -P $$ > /dev/null; do :; done
## stdout: status=2

#### $! is not set by a process substitution
sleep 0 &
p=$!
wait
cat <(true)
[ "$!" = "$p" ] && echo unchanged || echo changed
while pgrep -P $$ > /dev/null; do :; done
## stdout: changed
## OK quirl stdout: unchanged
# bash 5.2 sets $! to the process substitution's PID (and `wait $!` waits for it). In Quirl a
# list is no job and may be no process at all, and its command waits for it to end.

#### in the word of ${x:-...}
unset u
case ${u:-<(true)} in /dev/fd/[0-9]*) echo substituted;; *) echo literal;; esac
while pgrep -P $$ > /dev/null; do :; done
## stdout: substituted

#### exec with a redirect from <(list) keeps the descriptor for the rest of the script
exec 4< <(printf '1\n2\n')
read -u 4 a
read -u 4 b
echo "$a $b"
exec 4<&-
while pgrep -P $$ > /dev/null; do :; done
## stdout: 1 2

#### exec with a redirect to >(list) does not wait for the list, which ends when the descriptor closes
exec 3> >(tr a-z A-Z > out)
echo before-close
echo hi >&3
exec 3>&-
while [ ! -s out ]; do :; done
while pgrep -P $$ > /dev/null; do :; done
cat out
## STDOUT:
before-close
HI
## END

#### after exec, the substitution's own /dev/fd/N is closed; a descriptor duplicated from it stays
exec 4< <(echo kept)
exec 5<&4 4<&-
read -u 5 line
echo "$line"
exec 5<&-
while pgrep -P $$ > /dev/null; do :; done
## stdout: kept

#### exec naming two substitutions keeps both
exec 6< <(echo six) 7< <(echo seven)
cat <&7
cat <&6
exec 6<&- 7<&-
while pgrep -P $$ > /dev/null; do :; done
## STDOUT:
seven
six
## END
