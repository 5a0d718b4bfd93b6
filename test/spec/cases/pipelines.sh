# Pipelines: stages run concurrently, connected stdout to stdin; status is the last stage's; `!`.
## compare_shells: dash zsh

#### a two-stage pipeline
echo hello | tr a-z A-Z
## stdout: HELLO

#### a four-stage pipeline
echo a | tr a b | tr b c | tr c d
## stdout: d

#### the status is the last stage's
false | true; echo $?
true | false; echo $?
true | sh -c 'exit 3'; echo $?
## STDOUT:
0
1
3
## END

#### a missing command in an earlier stage does not change the status
nosuch_command_xyz 2>/dev/null | echo last; echo $?
## STDOUT:
last
0
## END
## OK quirl STDOUT:
127
## END
# Quirl builds a pipeline as one transaction (the executor contract's partial-spawn rule): a
# stage that cannot start fails the whole pipeline before any stage runs, with that stage's
# status, so `sleep 31 | nosuch` returns 127 at once instead of after 31 seconds.

#### a missing command as the last stage gives 127
true | nosuch_command_xyz 2>/dev/null; echo $?
## stdout: 127

#### ! negates the status of the pipeline
! true; echo $?
! false; echo $?
! true | false; echo $?
! false | true; echo $?
## STDOUT:
1
0
0
1
## END

#### ! combines with && and ||
! false && echo negated-true
! true || echo negated-false
## STDOUT:
negated-true
negated-false
## END

#### stages run at the same time: yes | head -1 ends, quietly
yes | head -1
echo "status=$?"
## STDOUT:
y
status=0
## END
## stderr-json: ""

#### an early-exiting reader stops a long writer quietly
seq 1 1000000 | head -2
## STDOUT:
1
2
## END
## stderr-json: ""

#### a lot of data flows through without a deadlock
seq 1 200000 | sort -n | tail -1
## stdout: 200000

#### stderr is not piped
sh -c 'echo to-out; echo to-err >&2' 2>/dev/null | tr a-z A-Z
## stdout: TO-OUT

#### 2>&1 on a stage sends its stderr into the pipe
sh -c 'echo to-err >&2' 2>&1 | tr a-z A-Z
## stdout: TO-ERR

#### a redirect on a stage overrides the pipe
echo into-file > f | cat
echo "[$(cat f)]"
## STDOUT:
[into-file]
## END
## OK zsh STDOUT:
into-file
[into-file]
## END
# zsh (multios) writes to the file and also to the pipe

#### each stage can take its own redirects
echo data > in
cat < in | cat > out
cat out
## stdout: data

#### a builtin as a stage: echo hi | cat
echo hi | cat
## stdout: hi

#### a builtin as the last stage reads nothing and still prints
echo ignored | echo right
## stdout: right

#### a builtin stage writing into a closed pipe fails quietly
big=$(seq 1 30000)
echo "$big" | head -c 5
echo
echo survived
## STDOUT:
1
2
3
survived
## END
## stderr-json: ""

#### cd in a pipeline does not change the shell's directory
before=$(pwd)
cd / | true
true | cd /
[ "$(pwd)" = "$before" ] && echo unchanged || echo changed
## stdout: unchanged
## OK zsh stdout: changed
# zsh runs the last stage in the shell itself

#### an assignment in a pipeline does not reach the shell
x=1 | true
true | y=2
echo "[$x][$y]"
## stdout: [][]
## OK zsh stdout: [][2]

#### exit in a pipeline stage ends only that stage
exit 3 | true
echo still-here
echo x | exit 4
echo "status=$?"
## STDOUT:
still-here
status=4
## END
## OK zsh stdout: still-here
## OK zsh status: 4

#### export in a pipeline does not reach the shell
export V=1 | true
printenv V || echo not-exported
## stdout: not-exported

#### the pipeline waits for every stage, not just the last
sh -c 'sleep 1; echo slow > marker' | true
cat marker
## stdout: slow

#### a pipeline continues on the next line after |
echo continued |
tr a-z A-Z
## stdout: CONTINUED

#### a pipeline's commands are of their own lines ($LINENO, diagnostics)
true

echo $LINENO | cat
echo a |
  argv $LINENO
{ printf '%d' x; } 2>&1 >/dev/null | grep -o 'line [0-9]*'
## STDOUT:
3
<5>
line 6
## END
## N-I dash status: 1
## N-I dash stdout-json: "\n\n"
## OK zsh status: 1
## OK zsh STDOUT:
3
<5>
## END
