# bash's {NAME} redirects: the shell picks a descriptor of 10 or more, stores its number in NAME,
# and the descriptor stays open after the command (unless shopt varredir_close); {NAME}>&- closes it.

#### exec {fd}>file opens a descriptor of 10 or more and names it
exec {fd}>out.txt
[ "$fd" -ge 10 ] && echo "fd is high"
echo one >&$fd
echo two >&"$fd"
exec {fd}>&-
cat out.txt
## STDOUT:
fd is high
one
two
## END

#### {fd}>&- closes the descriptor
# A program shows it (bash itself may reuse the number to save a descriptor around a builtin).
exec {fd}>out.txt
ls /proc/self/fd/$fd >/dev/null 2>&1 && echo open
exec {fd}>&-
ls /proc/self/fd/$fd >/dev/null 2>&1 || echo closed
## STDOUT:
open
closed
## END

#### exec {fd}<file reads, with read -u and <&
printf 'first\nsecond\n' > in.txt
exec {in}<in.txt
read -u "$in" a
read b <&$in
exec {in}<&-
echo "$a $b"
## stdout: first second

#### two names get two descriptors
exec {a}>a.txt {b}>b.txt
[ "$a" != "$b" ] && echo different
echo A >&$a; echo B >&$b
exec {a}>&- {b}>&-
cat a.txt b.txt
## STDOUT:
different
A
B
## END

#### {fd}>&N duplicates a descriptor
exec {out}>&1
echo "through the copy" >&$out
exec {out}>&-
## stdout: through the copy

#### on a builtin, the descriptor stays open after it
echo hi {k}>k.txt
echo later >&$k
exec {k}>&-
cat k.txt
## STDOUT:
hi
later
## END

#### on a function and a brace group too
f() { echo "in f" >&$g; }
f {g}>g.txt
echo "after f" >&$g
{ echo "in group" >&$h; } {h}>h.txt
echo "after group" >&$h
exec {g}>&- {h}>&-
cat g.txt h.txt
## STDOUT:
in f
after f
in group
after group
## END

#### shopt -s varredir_close closes it after the command
shopt -s varredir_close
: {m}>m.txt
ls /proc/self/fd/$m >/dev/null 2>&1 || echo "closed after the command"
## stdout: closed after the command

#### closing through an unset name is an ambiguous redirect, status 1
unset u
exec {u}>&- 2>/dev/null
echo "status=$?"
## stdout: status=1

#### a failed open leaves NAME unset
exec {q}</nonexistent 2>/dev/null
echo "status=$? q=${q-unset}"
## stdout: status=1 q=unset

#### {NAME} stands alone before the operator; anywhere else it is a word
echo {a}x {b} >out.txt
cat out.txt
echo "a=${a-unset}"
## STDOUT:
{a}x {b}
a=unset
## END

#### programs get the descriptor
exec {w}>w.txt
echo from-tee | tee /dev/fd/$w >/dev/null
exec {w}>&-
cat w.txt
## stdout: from-tee

#### {NAME} before a here-string
: {x}<<<text
if [ -n "$x" ]; then echo named; exec {x}<&-; else echo "not named"; fi
## stdout: named
## N-I quirl stdout: not named
# Quirl takes {NAME} only before file and duplicating operators (<, >, >>, >|, <>, <&, >&);
# before a here-string or a here-document it is an argument, where bash names a descriptor.

#### a readonly NAME fails the command, status 1, and the script goes on
readonly fd=1
exec {fd}>/dev/null 2>/dev/null
echo "status=$? fd=$fd"
## stdout: status=1 fd=1

#### an array element may be the name
exec {fds[1]}>elem.txt
echo "${!fds[*]} $(( fds[1] >= 10 ))"
echo into-element >&"${fds[1]}"
exec {fds[1]}>&-
cat elem.txt
## STDOUT:
1 1
into-element
## END
