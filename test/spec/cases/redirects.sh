# Redirects: < > >> 2> 2>&1 >&N >&- <> >|, opened left to right before the command runs.
## compare_shells: dash zsh

#### > writes a file, >> appends, > truncates
echo a > f; echo b >> f; cat f
echo c > f; cat f
## STDOUT:
a
b
c
## END

#### < reads a file
echo data > f
cat < f
## stdout: data

#### a redirect may come first, or between the arguments
echo data > f
< f cat
echo a > f b; cat f
## STDOUT:
data
a b
## END

#### a redirect of a builtin does not outlive it
echo to-file > f
echo to-stdout
cat f
## STDOUT:
to-stdout
to-file
## END

#### 2> redirects stderr
sh -c 'echo out; echo err >&2' 2> e
echo "[$(cat e)]"
## STDOUT:
out
[err]
## END

#### 2>> appends to stderr's file
sh -c 'echo e1 >&2' 2> e
sh -c 'echo e2 >&2' 2>> e
cat e
## STDOUT:
e1
e2
## END

#### 1> is the same as >
echo one 1> f
cat f
## stdout: one

#### > f 2>&1 sends both to the file
sh -c 'echo out; echo err >&2' > f 2>&1
cat f
## STDOUT:
out
err
## END

#### 2>&1 > f: redirects are applied left to right
sh -c 'echo out; echo err >&2' 2>&1 > f | tr a-z A-Z | sort
echo "[$(cat f)]"
## STDOUT:
ERR
[out]
## END
## OK zsh STDOUT:
ERR
OUT
[out]
## END
# zsh (multios) sends stdout both to f and to the pipe

#### >&2 writes to stderr
echo to-stderr >&2
echo to-stdout
## stdout: to-stdout
## stderr: to-stderr

#### >&N duplicates a descriptor opened earlier on the line
echo via-three 3> f >&3
cat f
## stdout: via-three

#### >&N takes the descriptor as it is at that point
echo x >&2 2>/dev/null
echo y
## stdout: y
## stderr: x

#### >&N of a descriptor that is not open fails
echo x >&7 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK dash stdout: status=2

#### >&- closes stdout, and writing to it fails
echo hi >&- 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK zsh stdout: status=0

#### 2>&- closes stderr for the command
sh -c '[ -e /proc/self/fd/2 ] && echo open || echo closed' 2>&-
sh -c '[ -e /proc/self/fd/2 ] && echo open || echo closed'
## STDOUT:
closed
open
## END

#### <&- closes stdin for the command
sh -c '[ -e /proc/self/fd/0 ] && echo open || echo closed' <&-
cat <&- 2>/dev/null
echo "status=$?"
## STDOUT:
closed
status=1
## END

#### >| writes like >
echo clobbered >| f
cat f
## stdout: clobbered

#### <> opens for reading and writing, on stdin by default
echo abc > f
cat <> f
## stdout: abc

#### > alone creates an empty file
> empty
[ -f empty ] && [ ! -s empty ] && echo created-empty
## stdout: created-empty

#### a redirect on an assignment is still performed
x=1 > made
[ -f made ] && echo "made [$x]"
## stdout: made [1]

#### the target is expanded: variables, quotes, tilde, $(...)
name=out
echo v > $name
echo q > "a b"
echo t > ~/in-home
echo c > $(echo sub)
cat out "a b" "$HOME/in-home" sub
## STDOUT:
v
q
t
c
## END

#### a target is not globbed when nothing matches
echo x > 'nomatch*'
echo y > nomatch*
cat 'nomatch*'
## stdout: y

#### a redirect that cannot be opened fails the command, which does not run
echo x > /nonexistent/f && echo not-reached
echo "status=$?"
cat < nosuchfile && echo not-reached
echo "status=$?"
## STDOUT:
status=1
status=1
## END
## OK dash STDOUT:
status=2
status=2
## END

#### the failure message names the file
cat 2> err < nosuchfile_xyz
grep -q nosuchfile_xyz err && echo named || echo not-named
## stdout: named
## OK zsh stdout: not-named
# zsh reports a failed redirect on the shell's own stderr

#### cat < a < b reads b
echo a > a; echo b > b
cat < a < b
## stdout: b
## OK zsh STDOUT:
a
b
## END

#### cat < missing < b fails at the first redirect, without reading b
echo b > b
cat < missing < b 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK dash stdout: status=2

#### >f1 >f2 echo x creates both files, x in f2
>f1 >f2 echo x
[ -f f1 ] && [ ! -s f1 ] && echo f1-empty
cat f2
## STDOUT:
f1-empty
x
## END
## OK zsh STDOUT:
x
## END

#### a later redirect does not happen once an earlier one fails
echo x > /nonexistent/f > later 2>/dev/null
[ -e later ] && echo later-exists || echo later-missing
## stdout: later-missing

#### redirects on a command that is not found are still performed first
nosuch_command_xyz > out 2> err
echo "status=$?"
[ -f out ] && grep -q nosuch_command_xyz err && echo err-captured
## STDOUT:
status=127
err-captured
## END

#### the same descriptor redirected twice: the last one wins
echo x > f1 > f2
echo "[$(cat f1)][$(cat f2)]"
## stdout: [][x]
## OK zsh stdout: [x][x]
