# exec (issue 13): with only redirects it changes the shell's own descriptors; with a command the
# shell becomes it (the same PID), and the rest of the script never runs.

#### exec with a command replaces the shell: nothing after it runs
exec echo replaced
echo not reached
## stdout: replaced

#### the exec'd program has the shell's PID
$SH -c 'echo $$ > pid2; exec sh -c "echo \$\$ > got2"'
[ "$(cat pid2)" = "$(cat got2)" ] && echo same
## stdout: same

#### the status of the exec'd program is the shell's
$SH -c 'exec sh -c "exit 7"; echo no'
echo "status=$?"
## stdout: status=7

#### exec of a missing command ends a script with 127
$SH -c 'exec no_such_cmd_xyz; echo no' 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=127
exec: no_such_cmd_xyz: not found
## END

#### exec of a directory: 126
$SH -c 'exec /; echo no' 2>/dev/null
echo "status=$?"
## stdout: status=126

#### exec with only a redirect changes stdout for good
exec 5>&1
exec > out
echo one
echo two
exec >&5 5>&-
cat out
## STDOUT:
one
two
## END

#### exec opens a descriptor for later commands
exec 3> three
echo a >&3
echo b >&3
exec 3>&-
cat three
## STDOUT:
a
b
## END

#### exec closes a descriptor
exec 3> three
exec 3>&-
echo x >&3 2>/dev/null || echo closed
## stdout: closed

#### exec 3< reads a file across commands
printf 'l1\nl2\n' > input
exec 3< input
read -r a <&3
read -r b <&3
echo "$a $b"
## stdout: l1 l2

#### an exec'd program sees the descriptors exec opened
exec 4> four
sh -c 'echo from-child >&4'
cat four
## stdout: from-child

#### exec in a subshell ends only the subshell
(exec echo inner)
echo outer
## STDOUT:
inner
outer
## END

#### exec in a subshell with a missing command
(exec no_such_cmd_xyz) 2>/dev/null
echo "status=$?"
## stdout: status=127

#### exec -a sets argv[0]
$SH -c 'exec -a custom sh -c "echo \$0"'
## stdout: custom

#### exec -c empties the environment
export FOO=bar
$SH -c 'exec -c sh -c "echo \${FOO-unset}"'
## stdout: unset

#### exec -l puts a dash before argv[0]
$SH -c 'exec -l sh -c "echo \$0"'
## stdout: -sh

#### exec passes prefix assignments
$SH -c 'FOO=baz exec sh -c "echo \$FOO"'
## stdout: baz

#### exec with a bad option
exec -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
exec: -x: invalid option
exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]
## END

#### exec with redirects of the command applies them to it
$SH -c 'exec sh -c "echo to-file" > out'
cat out
## stdout: to-file

#### exec puts the limits set by ulimit on the program
$SH -c 'ulimit -n 77; exec sh -c "ulimit -n"'
## stdout: 77

#### exec gives an ignored signal to the program ignored
$SH -c 'trap "" USR1; exec sh -c "kill -USR1 \$\$; echo survived"'
## stdout: survived

#### a caught signal is back at its default in the program
$SH -c 'trap "echo caught" USR1; exec sh -c "kill -USR1 \$\$; echo survived"'
echo "status=$?"
## stdout: status=138
