# Command substitution: $(...) and `...`, nested; trailing newlines removed; run in a subshell.
## compare_shells: dash zsh

#### $(...) is replaced by the output
echo "<$(echo inner)>"
## stdout: <inner>

#### backquotes are the old form
echo "<`echo inner`>"
## stdout: <inner>

#### all trailing newlines are removed, inner ones kept
argv "$(printf 'a\n\nb\n\n\n')"
## STDOUT:
<a

b>
## END

#### unquoted, the output is split and globbed
touch f1 f2
argv $(echo 'a  b') $(echo 'f*')
## stdout: <a> <b> <f1> <f2>
## OK zsh stdout: <a> <b> <f*>

#### quoted, the output is one field
argv "$(echo 'a  b')"
## stdout: <a  b>

#### an assignment from $(...) is not split
x=$(echo 'a   b')
argv "$x"
## stdout: <a   b>

#### $(...) nests
echo $(echo a $(echo b $(echo c)))
## stdout: a b c

#### backquotes nest with escaped backquotes
echo `echo a \`echo b\``
## stdout: a b

#### quotes inside $(...) inside double quotes are their own
echo "$(echo "inner quotes" ')')"
## stdout: inner quotes )

#### a pipeline and a list inside $(...)
echo $(echo abc | tr a-z A-Z; echo second)
## stdout: ABC second

#### an empty $(...) expands to nothing
argv x$( )y $( )
## stdout: <xy>

#### $(...) runs in a subshell: cd and assignments stay inside
before=$(pwd)
x=outer
y=$(cd /; x=inner; pwd)
[ "$(pwd)" = "$before" ] && echo "$y $x"
## stdout: / outer

#### exit inside $(...) ends only the substitution
x=$(echo before; exit 4; echo after)
echo "status=$? [$x]"
## stdout: status=4 [before]

#### an assignment's status is that of its last substitution
x=$(false)
echo $?
x=$(true) y=$(sh -c 'exit 3')
echo $?
## STDOUT:
1
3
## END

#### a command that expands to nothing has the substitution's status
$(sh -c 'exit 3')
echo $?
## stdout: 3

#### a command's status is the command's, not its substitutions'
echo $(false) >/dev/null
echo $?
## stdout: 0

#### stderr of $(...) is not captured
x=$(sh -c 'echo out; echo err >&2' 2>/dev/null)
echo "[$x]"
## stdout: [out]

#### $(...) can be the command name
$(echo echo) from-substitution
## stdout: from-substitution

#### $(...) reads from the shell's stdin, not from anything captured
echo "[$(cat)]"
## stdout: []

#### a substitution spanning lines
echo $(
  echo one
  echo two
)
## stdout: one two

#### backquotes: \$ and \\ are escapes, other backslashes stay
echo `echo \$HOME | sed 's/^\/.*/abs/'`
argv `printf '%s\n' 'a\b'`
## STDOUT:
abs
<a\b>
## END

#### a large output is captured whole
x=$(seq 1 20000)
echo "$x" | wc -l
echo "$x" | tail -1
## STDOUT:
20000
20000
## END

#### $? after a command substitution in the same command's words is its status
false; echo $? $(true) $?
argv $(exit 3)$? "${u:-$(exit 4)}$?" $(( $(exit 5)$? + 1 ))
for i in $(exit 6) $?; do echo "for $i"; done
case $(exit 7)$? in 7) echo case;; esac
[[ $(exit 2)$? == 2 ]] && echo conditional
## STDOUT:
1 0
<3> <4> <6>
for 6
case
conditional
## END
## OK dash status: 127
## OK dash STDOUT:
1 1
<0> <0> <1>
for 0
## END

#### a command sees the status of the last substitution in its words as $?
f() { echo "f: $?"; }
false; f $(true)
true; f $(exit 5) x
g() { false; return $(true); }
g; echo "return: $?"
false; x=$(true) y=$?; echo "y=$y"
## STDOUT:
f: 0
f: 5
return: 0
y=0
## END
## OK dash STDOUT:
f: 1
f: 0
return: 1
y=1
## END

#### a command substitution in PS4 leaves $? as it was
f() { echo "f: $?"; }
PS4='$(exit 3)+ '
set -x
false; f
## STDOUT:
f: 1
## END

#### a command substitution in PS4 is not traced
PS4='$(echo sub)+ '
{ set -x; true; set +x; } 2>&1
## STDOUT:
sub+ true
sub+ set +x
## END
## N-I zsh STDOUT:
$(echo sub)+ true
$(echo sub)+ set +x
## END

#### $(< file) is the file's contents, trailing newlines removed
printf 'one\ntwo\n\n\n' > f.txt
x=$(< f.txt)
echo "[$x]"
name=f.txt
y=$(<"$name")
[ "$x" = "$y" ] && echo same
## STDOUT:
[one
two]
same
## END

#### $(< file) of /proc files reads to the end (their size says 0)
u=$(< /proc/uptime)
[[ $u =~ ^[0-9.]+\ [0-9.]+$ ]] && echo uptime
s=$(< /proc/self/status)
[[ $s == Name:* && $s == *Pid:* ]] && echo status
## STDOUT:
uptime
status
## END

#### $(< missing) says so and fails
x=$(< missing.txt) 2>/dev/null
echo "status=$? [$x]"
## stdout: status=1 []

#### source, read and mapfile of /proc files
. /proc/self/fd/3 3<<'EOF2'
echo sourced
EOF2
read -r up idle < /proc/uptime && [ -n "$idle" ] && echo read
mapfile -t lines < /proc/self/status
[ "${#lines[@]}" -gt 5 ] && echo mapfile
## STDOUT:
sourced
read
mapfile
## END

#### source of a /proc file reads what it holds, though its size says 0
# /proc/sys/kernel/ostype holds `Linux`: sourced, it calls this function. bash believes the
# size and reads nothing; Quirl reads to EOF, as $(< file) does in both.
Linux() { echo sourced-ostype; }
. /proc/sys/kernel/ostype
echo "status=$?"
## stdout: status=0
## OK quirl STDOUT:
sourced-ostype
status=0
## END
