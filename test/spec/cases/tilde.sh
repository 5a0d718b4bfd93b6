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
