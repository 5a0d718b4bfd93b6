# Simple commands: words, prefix assignments, bare assignments, command lookup.
## compare_shells: dash zsh

#### words are separated by blanks, however many
echo a   b	c
## stdout: a b c

#### a prefix assignment is in the command's environment
X=prefix printenv X
## stdout: prefix

#### a prefix assignment does not outlive its command
X=prefix printenv X
echo "[$X]"
## STDOUT:
prefix
[]
## END

#### a prefix assignment is not seen by the command's own arguments
x=old
x=new echo $x
## stdout: old

#### a prefix assignment overrides an exported variable for one command only
export E=outer
E=inner printenv E
printenv E
## STDOUT:
inner
outer
## END

#### several prefix assignments, each seeing the one before
a=1 b=2 sh -c 'echo $a $b'
a=1 b=$a printenv b
## STDOUT:
1 2
1
## END

#### a bare assignment sets a shell variable, not an environment variable
X=shellvar
echo $X
printenv X || echo not-in-env
## STDOUT:
shellvar
not-in-env
## END

#### several bare assignments on one line, left to right
a=1 b=$a c=$b
echo $a $b $c
## stdout: 1 1 1

#### an assignment value is not split or globbed
touch f1 f2
x="a   b"
y=$x
z=f*
echo "$y" "$z"
## stdout: a   b f*

#### an assignment alone has status 0
false
x=1
echo $?
## stdout: 0

#### the command name can come from an expansion
cmd=echo
$cmd hi
## stdout: hi

#### an unquoted expansion to nothing runs no command
empty=
$empty
echo "status=$?"
## stdout: status=0

#### a quoted empty command name is looked up, and not found
"" 2>/dev/null
echo "status=$?"
## stdout: status=127
## OK zsh stdout: status=126

#### a name with a slash is run without a PATH search
/bin/echo absolute
## stdout: absolute

#### an executable file with no #! line is run as a shell script
printf 'echo no-shebang $1\n' > script
chmod +x script
./script arg
## stdout: no-shebang arg

#### an executable with a #! line gets its arguments
printf '#!/bin/sh\necho "shebang <$1> <$2>"\n' > script
chmod +x script
./script 'a b' c
## stdout: shebang <a b> <c>

#### PATH is searched in order
mkdir one two
printf '#!/bin/sh\necho one\n' > one/tool
printf '#!/bin/sh\necho two\n' > two/tool
chmod +x one/tool two/tool
PATH=$PWD/one:$PWD/two:$PATH
tool
PATH=$PWD/two:$PWD/one:$PATH
tool
## STDOUT:
one
two
## END

#### a PATH entry without an executable file is skipped
mkdir one two
printf 'not executable\n' > one/tool
printf '#!/bin/sh\necho found-two\n' > two/tool
chmod +x two/tool
PATH=$PWD/one:$PWD/two:$PATH
tool
## stdout: found-two

#### a prefix PATH assignment is used to find the command
PATH=/nonexistent ls 2>/dev/null
echo "status=$?"
## stdout: status=127

#### arithmetic in a later assignment sees the earlier ones of its command
a=1 b=2 c=$((a+b))
echo "$c"
p=1 q=$((p+1)) r=$((q*2))
echo "$q $r"
s=5 t=$((s+1)) true
echo "${t-unset} ${s-unset}"
u=3 v=$((u+1)) printenv v
## STDOUT:
3
2 4
unset unset
4
## END
