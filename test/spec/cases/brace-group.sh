# { list; }: runs in the current shell (no subshell); needs `;` or a newline before `}`; its
# status is the list's; redirects and pipes apply to the whole group.
## compare_shells: dash zsh

#### a brace group runs its commands
{ echo a; echo b; }
## STDOUT:
a
b
## END

#### variables set inside persist
{ x=inside; }
echo "x=$x"
## stdout: x=inside

#### cd inside persists
mkdir d
{ cd d; }
case $(pwd) in */work/d) echo in-d;; esac
## stdout: in-d

#### the status is the last command's
{ true; false; }; echo $?
{ false; true; }; echo $?
## STDOUT:
1
0
## END

#### exit inside a brace group ends the shell
{ echo before; exit 3; }
echo not-reached
## stdout: before
## status: 3

#### output redirected for the whole group
{ echo one; echo two; } > f
cat f
## STDOUT:
one
two
## END

#### stderr and stdout together with 2>&1 into a pipe
{ echo out; echo err >&2; } 2>&1 | sort
## STDOUT:
err
out
## END

#### input redirected for the whole group
printf 'l1\nl2\n' > f
{ read a; read b; echo "$b $a"; } < f
## stdout: l2 l1

#### a group as a pipeline stage
{ echo b; echo a; } | sort
## STDOUT:
a
b
## END

#### a group reading from a pipe
printf 'x\ny\n' | { read first; echo "first=$first"; cat; }
## STDOUT:
first=x
y
## END

#### a group in a pipeline runs in a subshell
y=before
echo | { y=after; }
echo "y=$y"
## stdout: y=before

#### braces need a separator before the closing brace
$SH -c '{ echo a }' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a closing brace as an argument is a word
{ echo }; }
## stdout: }

#### braces are reserved words only at the start of a command
echo { a }
## stdout: { a }

#### { needs a space after it
$SH -c '{echo a; }' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a newline may end the list
{
  echo line1
  echo line2
}
## STDOUT:
line1
line2
## END

#### nested brace groups
{ { echo inner; }; echo outer; }
## STDOUT:
inner
outer
## END

#### a brace group with && and ||
{ false; } || echo or-branch
{ true; } && echo and-branch
## STDOUT:
or-branch
and-branch
## END

#### a brace group in an and-or list short-circuits as a unit
false && { echo no; echo no2; }
true || { echo no; }
echo end
## stdout: end

#### a brace group in the background
{ echo bg1; echo bg2; } &
wait $!
echo status=$?
## STDOUT:
bg1
bg2
status=0
## END

#### a brace group in the background does not change the parent's variables
z=orig
{ z=changed; } &
wait $!
echo "z=$z"
## stdout: z=orig

#### append redirect of a group
{ echo a; } > f
{ echo b; } >> f
cat f
## STDOUT:
a
b
## END

#### a function defined inside a group persists
{ g() { echo from-g; }; }
g
## stdout: from-g

#### negation of a group
! { false; }; echo $?
## stdout: 0

#### a group in command substitution
r=$({ echo a; echo b; } | tr '\n' ' ')
echo "r=$r"
## STDOUT:
r=a b 
## END

#### empty braces are a syntax error
$SH -c '{ }' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### missing closing brace is a syntax error
$SH -c '{ echo a;' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### a stray closing brace is a syntax error
$SH -c 'echo a; }' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### redirect of a group applies to every command inside
{ echo a; sh -c 'echo b'; printf 'c\n'; } > f
wc -l < f
## stdout: 3

#### a group's here-document feeds the whole group
{ read a; read b; echo "$a+$b"; } <<EOF
one
two
EOF
## stdout: one+two

#### a group's redirection does not outlive it
{ echo inside; } > f
echo outside
cat f
## STDOUT:
outside
inside
## END

#### a group with a failing redirect does not run
{ echo no; } < /nonexistent/file 2>/dev/null
echo "status=$?"
## stdout: status=1

#### break inside a group inside a loop
for i in 1 2 3; do { [ $i = 2 ] && break; echo $i; }; done
## stdout: 1

#### return inside a group inside a function
f() { { echo in; return 4; echo no; }; echo no2; }
f; echo "status=$?"
## STDOUT:
in
status=4
## END

#### $? inside a group sees the previous command
false
{ echo "prev=$?"; }
## stdout: prev=1

#### the last command of a group may be followed by & before }
{ echo amp & wait; }
echo done
## STDOUT:
amp
done
## END

#### a group as a while condition
i=0
while { i=$((i+1)); [ $i -le 2 ]; }; do echo $i; done
## STDOUT:
1
2
## END

#### a group with comments
{ # comment
  echo a # another
}
## stdout: a

#### output order of a group and a following command
{ echo 1; echo 2; } ; echo 3
## STDOUT:
1
2
3
## END

#### a group's stdout closed with >&-
{ echo gone; } >&- 2>/dev/null
echo "status=$?"
## stdout: status=1

#### braces around a single command with redirect on the inner command
{ echo inner > f; }
cat f
## stdout: inner

#### a group in a pipe's middle stage
echo abc | { tr a-z A-Z; } | { read v; echo "v=$v"; }
## stdout: v=ABC

#### a group in an if condition
if { true; false; }; then echo no; else echo group-false; fi
## stdout: group-false

#### a group after a pipe symbol on the next line
echo x |
{ cat; }
## stdout: x

#### exit status of a group redirected to a missing directory
{ echo a; } > /nonexistent/dir/f 2>/dev/null
echo "status=$?"
## stdout: status=1

#### a background job started in a group is waited for afterwards
{ sh -c 'echo bg-out' & }
wait
echo waited
## STDOUT:
bg-out
waited
## END
