# Exit statuses: 127 not found, 126 not executable, 128+N for signal N, exit N, the script's status.
## compare_shells: dash zsh

#### a command that is not found gives 127
nosuch_command_xyz 2>/dev/null
echo "status=$?"
## stdout: status=127

#### the not-found message names the command, on stderr
nosuch_command_xyz 2> err
grep -q nosuch_command_xyz err && echo named
## stdout: named

#### a path that does not exist gives 127
./nosuch_file 2>/dev/null
echo "status=$?"
/nonexistent/cmd 2>/dev/null
echo "status=$?"
## STDOUT:
status=127
status=127
## END

#### a file without execute permission gives 126
printf 'echo should-not-run\n' > noexec
./noexec 2> err
echo "status=$?"
grep -q noexec err && echo named
## STDOUT:
status=126
named
## END

#### a directory gives 126
mkdir dir
./dir 2>/dev/null
echo "status=$?"
## stdout: status=126

#### a command killed by signal N gives 128+N
sh -c 'kill -TERM $$'
echo $?
sh -c 'kill -KILL $$'
echo $?
sh -c 'kill -USR1 $$'
echo $?
## STDOUT:
143
137
138
## END

#### a signal status in a pipeline's last stage is the pipeline's
true | sh -c 'kill -TERM $$'
echo $?
sh -c 'kill -TERM $$' | true
echo $?
## STDOUT:
143
0
## END

#### exit N ends the script with status N
echo before
exit 3
echo after
## stdout: before
## status: 3

#### exit with no operand keeps the last status
echo before
sh -c 'exit 5'
exit
## stdout: before
## status: 5

#### exit takes the status modulo 256
echo before
exit 257
## stdout: before
## status: 1

#### exit with a non-number fails with 2
echo before
exit abc 2>/dev/null
echo after
## stdout: before
## status: 2
## OK zsh status: 0
# zsh evaluates the operand as arithmetic: abc is an unset variable, 0

#### exit inside $(...) ends only the substitution
x=$(exit 7)
echo "status=$?"
## stdout: status=7

#### the script's status is that of its last command
echo last-is-false
false
## stdout: last-is-false
## status: 1

#### the script's status after a not-found command at the end is 127
echo before
nosuch_command_xyz 2>/dev/null
## stdout: before
## status: 127

#### a script killed by a signal ends with that signal
echo before
kill -TERM $$
echo after
## stdout: before
## status: 143

#### $? after a redirect failure is 1
echo x > /nonexistent/dir/f 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK dash stdout: status=2

#### $? after a builtin used wrongly is 2 (bash)
cd -Q 2>/dev/null
echo "status=$?"
## stdout: status=2
## OK zsh stdout: status=1
