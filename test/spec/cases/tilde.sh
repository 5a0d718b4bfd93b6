# Tilde expansion: a leading ~ (up to the first /) is the home directory. HOME is a temp dir.
## compare_shells: dash zsh

#### ~ is $HOME
[ ~ = "$HOME" ] && echo same
## stdout: same

#### ~/path is $HOME/path
[ ~/a/b = "$HOME/a/b" ] && echo same
## stdout: same

#### ~ follows HOME when it changes
HOME=/custom/home
argv ~ ~/x
## stdout: </custom/home> </custom/home/x>

#### a quoted or escaped ~ is literal
argv "~" '~' \~ "~/x"
## stdout: <~> <~> <~> <~/x>

#### ~ not at the start of a word is literal
argv a~ x~/ a/~
## stdout: <a~> <x~/> <a/~>

#### ~user is that user's home directory
argv ~root ~root/x
## stdout: </root> </root/x>

#### ~ of a user that does not exist is left as it is
argv ~nosuchuser_xyz/x
## stdout: <~nosuchuser_xyz/x>
## N-I zsh stdout-json: ""
## N-I zsh status: 1

#### ~ is expanded in an assignment
x=~
y=~/sub
[ "$x" = "$HOME" ] && [ "$y" = "$HOME/sub" ] && echo expanded
## stdout: expanded

#### ~ after : in an assignment is expanded
x=/a:~/b:~
[ "$x" = "/a:$HOME/b:$HOME" ] && echo expanded
## stdout: expanded

#### a ~ from an expansion is not expanded
t='~'
argv $t "$t"
## stdout: <~> <~>

#### ~ in an argument that looks like an assignment is expanded (bash, not POSIX)
HOME=/h
argv a=~ a=~/x --opt=~
## stdout: <a=/h> <a=/h/x> <--opt=~>
## OK dash stdout: <a=~> <a=~/x> <--opt=~>
## OK zsh stdout: <a=~> <a=~/x> <--opt=~>

#### ~ is not split or globbed
HOME='/a b/*'
argv ~
## stdout: </a b/*>

#### cd with no operand goes to ~
cd
[ "$(pwd)" = ~ ] && echo home
## stdout: home

#### ~+ is PWD and ~- OLDPWD
[ ~+ = "$PWD" ] && [ ~+/x = "$PWD/x" ] && echo pwd
mkdir sub && cd sub
[ ~- = "${PWD%/sub}" ] && [ ~-/sub = "$PWD" ] && echo oldpwd
## STDOUT:
pwd
oldpwd
## END
## N-I dash status: 1
## N-I dash stdout-json: ""

#### ~+ and ~- read the variables, and ~- stays as written while OLDPWD is unset
unset OLDPWD
[ ~- = '~-' ] && echo as-written
PWD=/elsewhere
[ ~+ = /elsewhere ] && [ ~+/x = /elsewhere/x ] && echo pwd
OLDPWD=
[ -z ~- ] && [ ~-/y = /y ] && echo oldpwd
## STDOUT:
as-written
pwd
oldpwd
## END
## N-I dash status: 1
## N-I dash stdout: as-written
## N-I zsh status: 1
## N-I zsh stdout-json: ""

#### ~+ and ~- after : in an assignment
mkdir sub && cd sub
x=a:~+:~-/b
[ "$x" = "a:$PWD:${PWD%/sub}/b" ] && echo expanded
## stdout: expanded
## N-I dash status: 1
## N-I dash stdout-json: ""

#### ~N, ~+N and ~-N are entries of the directory stack, as dirs +N and dirs -N show them
mkdir a b c
pushd a >/dev/null && pushd ../b >/dev/null && pushd ../c >/dev/null
[ ~0 = "$PWD" ] && [ ~+0 = "$PWD" ] && [ ~-3 = "$PWD" ] && echo top
[ ~1 = "$(dirs -l +1)" ] && [ ~+2 = "$(dirs -l +2)" ] && [ ~-0/x = "$(dirs -l -0)/x" ] && echo entries
[ ~+01 = ~1 ] && echo leading-zero
argv ~4 ~+4 ~-4 ~+-1 ~1x
## STDOUT:
top
entries
leading-zero
<~4> <~+4> <~-4> <~+-1> <~1x>
## END
## N-I dash stdout: <~4> <~+4> <~-4> <~+-1> <~1x>
## N-I zsh status: 1
## N-I zsh STDOUT:
top
leading-zero
## END

#### a tilde prefix ended by a colon keeps the rest up to a slash as written (bash 5.2)
x=X
[ ~:$x = "$HOME:\$x" ] && echo unexpanded
[ ~:$x/$x = "$HOME:\$x/X" ] && echo after-slash
argv ~root:x ~root:$x ~root:a:b/$x ~root:* ~root:$(echo a)
argv ~nosuch:$x ~root:"a" ~root:\$x ~root:x{a,b}
## STDOUT:
unexpanded
after-slash
</root:x> </root:$x> </root:a:b/X> </root:*> </root:$(echo a)>
<~nosuch:X> <~root:a> <~root:$x> </root:xa> </root:xb>
## END

#### a colon-ended tilde prefix in other places: operands, case, [[ ]], redirects, assignments
x=X
argv ${u:-~root:$x} "${u:-~root:$x}" ${u:=~root:$x} a=~root:$x
case ~root:$x in '/root:$x') echo case;; esac
[[ ~root:$x == '/root:$x' ]] && echo cond
v=~root:$x:~root
argv "$v"
## STDOUT:
</root:$x> <~root:X> </root:X> <a=/root:X>
case
cond
</root:X:/root>
## END

#### with HOME unset, ~ is the user's home from the passwd database, and cd alone fails
unset HOME
home=$(getent passwd "$(id -u)" | cut -d: -f6)
[ ~ = "$home" ] && echo same
x=~/a; [ "$x" = "$home/a" ] && echo assigned
cd 2>/dev/null; echo "cd $?"
## STDOUT:
same
assigned
cd 1
## END
