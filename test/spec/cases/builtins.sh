# Builtins: true, false, echo, type, export, unset. (cd/pwd, kill, jobs/wait have their own files.)
## compare_shells: dash zsh

#### true and false
true; echo $?
false; echo $?
## STDOUT:
0
1
## END

#### true and false ignore their arguments
true --help x; echo $?
false --help x; echo $?
## STDOUT:
0
1
## END

#### echo joins its arguments with one space and ends the line
echo a "b  c" d
echo
echo end
## STDOUT:
a b  c d

end
## END

#### echo -n leaves out the newline
echo -n a
echo -n ''
echo b
## stdout: ab

#### echo -n given twice is still -n
echo -n -n a
echo b
## stdout: ab
## BUG dash stdout: -n ab

#### echo prints an unknown option and a lone -- as arguments
echo -x -- y
echo -nx z
## STDOUT:
-x -- y
-nx z
## END

#### echo does not interpret backslashes without -e (bash)
echo 'a\tb\nc'
## stdout: a\tb\nc
## OK dash/zsh STDOUT:
a	b
c
## END
# POSIX leaves it to the implementation; dash and zsh interpret the escapes

#### echo to a redirect and a pipe
echo to-file > f
echo to-pipe | tr a-z A-Z
cat f
## STDOUT:
TO-PIPE
to-file
## END

#### type names a builtin
type echo
type cd
type type
## STDOUT:
echo is a shell builtin
cd is a shell builtin
type is a shell builtin
## END

#### type calls special builtins plain builtins (bash)
type exit
type export
## STDOUT:
exit is a shell builtin
export is a shell builtin
## END
## OK dash STDOUT:
exit is a special shell builtin
export is a special shell builtin
## END
## OK zsh STDOUT:
exit is a shell builtin
export is a reserved word
## END

#### type gives the path of a command found on PATH
type cat
## stdout: cat is /usr/bin/cat

#### type of a path is that path
type /bin/sh
## stdout: /bin/sh is /bin/sh

#### type of something that does not exist fails
type nosuch_command_xyz 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK dash STDOUT:
nosuch_command_xyz: not found
status=127
## END
## OK zsh STDOUT:
nosuch_command_xyz not found
status=1
## END

#### type with several names describes each, failing if one is missing
type true nosuch_command_xyz false 2>/dev/null
echo "status=$?"
## STDOUT:
true is a shell builtin
false is a shell builtin
status=1
## END
## OK dash STDOUT:
true is a shell builtin
nosuch_command_xyz: not found
false is a shell builtin
status=127
## END
## OK zsh STDOUT:
true is a shell builtin
nosuch_command_xyz not found
false is a shell builtin
status=1
## END

#### export NAME=value puts it in the environment of commands
export X=exported
printenv X
## stdout: exported

#### export NAME exports an existing variable
Y=later
printenv Y || echo not-yet
export Y
printenv Y
## STDOUT:
not-yet
later
## END

#### export of an unset name exports it once it is assigned
export Z
printenv Z || echo unset-not-in-env
Z=assigned
printenv Z
## STDOUT:
unset-not-in-env
assigned
## END

#### export takes several names
export A=1 B=2
sh -c 'echo $A $B'
## stdout: 1 2

#### assigning to an exported variable updates the environment
export E=one
E=two
printenv E
## stdout: two

#### export does not split its value (bash)
x='a   b'
export E=$x
printenv E
## stdout: a   b

#### a prefix assignment to export does not stay (bash)
x=1 export Y=2
echo "[$x] [$Y]"
## stdout: [] [2]
## OK dash stdout: [1] [2]
# POSIX: assignments before a special builtin stay; bash does not do so outside POSIX mode

#### unset removes a variable
x=1
unset x
echo "[$x]"
## stdout: []

#### unset removes a variable from the environment
export X=1
unset X
printenv X || echo gone
## stdout: gone

#### unset of a name that is not set succeeds
unset nosuch_variable_xyz
echo "status=$?"
## stdout: status=0

#### unset -v, and several names
a=1 b=2 c=3
unset -v a b
echo "[$a][$b][$c]"
## stdout: [][][3]

#### history -p with no history kept: plain words print, an expansion fails
history -p plain '!!' x
echo "status $?"
## STDOUT:
plain
x
status 1
## END
