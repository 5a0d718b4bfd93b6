# command, type, hash, builtin, enable, help (issue 13). Messages are compared with the
# script's "NAME: line N: " prefix taken off, since the file's path differs between shells.

#### command runs a program even when a function has its name
ls() { echo function; }
command ls -d / 
## stdout: /

#### command runs a builtin, never a function
echo() { printf 'function\n'; }
command echo builtin
## stdout: builtin

#### command with a function name alone: not found, 127
f() { echo fn; }
command f 2>/dev/null
echo $?
## stdout: 127

#### command with no operand does nothing
command
echo $?
## stdout: 0

#### command -v names a program by its path, a builtin and a keyword by name
command -v sh | grep -q '^/.*/sh$' && echo path
command -v cd if
## STDOUT:
path
cd
if
## END

#### command -v of a function names it
f() { :; }
command -v f
## stdout: f

#### command -v of nothing known: status 1, no output
command -v no_such_cmd_xyz
echo "status=$?"
## stdout: status=1

#### command -v of a path
command -v /bin/sh
## stdout: /bin/sh

#### command -V says what each is
f() { :; }
command -V cd if | cat
command -V f | head -1
## STDOUT:
cd is a shell builtin
if is a shell keyword
f is a function
## END

#### command -V of an unknown name reports on stderr with status 1
command -V no_such_cmd_xyz 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
command: no_such_cmd_xyz: not found
## END

#### command -p finds the standard utilities whatever PATH is
PATH=/nonexistent
command -p ls -d /
echo $?
## STDOUT:
/
0
## END

#### command -pv searches the default PATH
PATH=/nonexistent
command -pv sh >/dev/null && echo found
## stdout: found

#### command with a bad option: usage and status 2
command -x ls 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
command: -x: invalid option
command: usage: command [-pVv] command [arg ...]
## END

#### command passes prefix assignments to the program
FOO=bar command sh -c 'echo $FOO'
## stdout: bar

#### command keeps the status of the program
command false
echo $?
command sh -c 'exit 7'
echo $?
## STDOUT:
1
7
## END

#### type names a builtin, a keyword and a program
type cd
type if
type sh | sed 's/is .*/is a file/'
## STDOUT:
cd is a shell builtin
if is a shell keyword
sh is a file
## END

#### type -t prints one word each
f() { :; }
type -t f cd if sh
## STDOUT:
function
builtin
keyword
file
## END

#### type -t of an unknown name prints nothing, status 1
type -t no_such_cmd_xyz
echo "status=$?"
## stdout: status=1

#### type of an unknown name reports not found
type no_such_cmd_xyz 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
type: no_such_cmd_xyz: not found
## END

#### type -p prints nothing for a builtin
type -p cd
echo "status=$?"
## stdout: status=0

#### type -P searches PATH even for a builtin
type -P true | grep -q /true && echo path
## stdout: path

#### type -P of a name PATH lacks: status 1
type -P cd
echo "status=$?"
## stdout: status=1

#### type -a lists the builtin, then each file
type -a true | head -1
type -a true | sed -n 2p | grep -q 'true is /' && echo file
## STDOUT:
true is a shell builtin
file
## END

#### type -f leaves functions out
f() { :; }
type -f f 2>/dev/null
echo "status=$?"
cd() { :; }
type -f cd
## STDOUT:
status=1
cd is a shell builtin
## END

#### type -ap lists every file
type -ap sh | grep -q /sh && echo listed
## stdout: listed

#### type with a bad option
type -x cd 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
type: -x: invalid option
type: usage: type [-afptP] name [name ...]
## END

#### type says hashed after a program ran
sh -c :
type sh | sed 's/(.*)/(path)/'
## stdout: sh is hashed (path)

#### hash with an empty table
hash
## stdout: hash: hash table empty

#### hash NAME remembers it, with no hits yet
hash sh
hash > table
sed 's/\t.*/ path/' table
## STDOUT:
hits path
   0 path
## END

#### running a program counts a hit
sh -c :
sh -c :
hash > table
sed 's/\t.*/ path/' table
## STDOUT:
hits path
   2 path
## END

#### hash -r forgets everything
sh -c :
hash -r
hash
## stdout: hash: hash table empty

#### hash -t prints the remembered path
hash sh
hash -t sh | grep -q '/sh$' && echo remembered
## stdout: remembered

#### hash -t of a name not remembered
hash -t sh 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
hash: sh: not found
## END

#### hash of an unknown name
hash no_such_cmd_xyz 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
hash: no_such_cmd_xyz: not found
## END

#### hash -p makes a name run a file
hash -p /bin/echo say
say hello
## stdout: hello

#### hash -d forgets one name
hash sh
hash -d sh
hash
## stdout: hash: hash table empty

#### hash -l lists in a form that reads back
hash -p /bin/echo say
hash -l
## stdout: builtin hash -p /bin/echo say

#### changing PATH forgets remembered programs
sh -c :
PATH=$PATH:/nonexistent
hash
## stdout: hash: hash table empty

#### hash with a bad option
hash -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
hash: -x: invalid option
hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]
## END

#### builtin runs the builtin over a function
echo() { printf 'function\n'; }
builtin echo builtin
## stdout: builtin

#### builtin of a name that is not a builtin
builtin ls 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
builtin: ls: not a shell builtin
## END

#### builtin with no name does nothing
builtin
echo $?
## stdout: 0

#### builtin in a function of the same name
cd() { builtin cd "$@" && echo "now $(basename "$PWD")"; }
mkdir sub
cd sub
## stdout: now sub

#### enable -n turns a builtin off, enable turns it back on
enable -n echo
type -t echo
enable echo
type -t echo
## STDOUT:
file
builtin
## END

#### enable -n of something that is not a builtin
enable -n ls 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
enable: ls: not a shell builtin
## END

#### enable -n lists what is off
enable -n test
enable -n
## stdout: enable -n test

#### help of an unknown topic
help no_such_topic_xyz 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
help: no help topics match `no_such_topic_xyz'.  Try `help help' or `man -k no_such_topic_xyz' or `info no_such_topic_xyz'.
## END

#### help -d says what a builtin does
help -d pwd cd
## STDOUT:
pwd - Print the name of the current working directory.
cd - Change the shell working directory.
## END

#### help -s prints the synopsis
help -s getopts umask
## STDOUT:
getopts: getopts optstring name [arg ...]
umask: umask [-p] [-S] [mode]
## END

#### hash -p and hash -r in a subshell stay there
hash -p /bin/ls yy
(hash -p /bin/ls zz; type -t zz)
type -t zz || echo none
(hash -r; type -t yy || echo forgotten)
type -t yy
## STDOUT:
file
none
forgotten
file
## END

#### enable -n in a subshell, a command substitution or a pipeline stage stays there
(enable -n echo; type -t echo)
x=$(enable -n echo; type -t echo); echo "$x"
enable -n echo | cat
type -t echo
enable -n echo
(type -t echo)
enable echo
type -t echo
## STDOUT:
file
file
builtin
file
builtin
## END

#### type -a lists every meaning in lookup order; without -a only the first
shopt -s expand_aliases
alias true='true -x'
type -a true | sed 's/is \/.*/is a file/' | uniq
type -t true
unalias true
type -a if
## STDOUT:
true is aliased to `true -x'
true is a shell builtin
true is a file
alias
if is a shell keyword
## END

#### type -t with a function that shadows a builtin, and -f leaves functions out
echo() { :; }
type -t echo
type -at echo | uniq
type -ft echo
## STDOUT:
function
function
builtin
file
builtin
## END

#### type -P searches PATH whatever the name is; -p only for a file
head() { :; }
[ -x "$(type -P head)" ] && echo P-found
type -p head; echo "p=$?"
type -P if; echo "P-if=$?"
type -p no_such_cmd_xyz; echo "p-none=$?"
[ "$(type -p cat)" = "$(type -P cat)" ] && echo same-for-files
type -ap head | sed 's/.*\/head$/a head/' | uniq
## STDOUT:
P-found
p=0
P-if=1
p-none=1
same-for-files
a head
## END

#### type reports a hashed program as hashed, -P and -p as its path
hash cat
type cat | sed 's/(.*)/(PATH)/'
[ "$(type -P cat)" = "$(type -p cat)" ] && echo paths
## STDOUT:
cat is hashed (PATH)
paths
## END

#### type prints a function's body as bash re-reads it, as declare -f does
f() { echo hi;   if true; then :; elif false; then echo no; else echo else; fi; }
function g { local x=1
  for i in 1 2; do echo $i; done | cat; sleep 0 & x=2 cmd > out 2>&1; }
type f g
declare -f g | head -3
## STDOUT:
f is a function
f () 
{ 
    echo hi;
    if true; then
        :;
    else
        if false; then
            echo no;
        else
            echo else;
        fi;
    fi
}
g is a function
g () 
{ 
    local x=1;
    for i in 1 2;
    do
        echo $i;
    done | cat;
    sleep 0 & x=2 cmd > out 2>&1
}
g () 
{ 
    local x=1;
## END

#### declare -f: loops, case, arithmetic, [[ ]], subshells, groups, nested functions, redirects
f() {
  while read -r l; do echo "$l"; done < file
  until false; do break; done
  for j; do :; done
  for (( i = 0 ; i < 3 ; i++ )); do echo $i; done
  case $x in a|b) echo ab;; c) echo c;& d) ;; *) echo other;;& esac
  (( x = 1 + 2 )); [[ -z $x && ( $y == a* || ! -n $z ) ]]; [[ a ]]
  ( cd /; pwd ); { echo g; echo h; } > /dev/null; a | { b; }
  arr=(1 2 [5]=x) a[1]+=2
  g() { echo inner; }
  ! false && time true || echo $(date) `pwd` $((1+2)) ${x:-y} >> log 2>&- 3<&0 &> both <<< 'w'
}
h() ( echo subshell )
k() { echo k; } > out 2>&1
declare -f f h k
## STDOUT:
f () 
{ 
    while read -r l; do
        echo "$l";
    done < file;
    until false; do
        break;
    done;
    for j in "$@";
    do
        :;
    done;
    for ((i = 0 ; i < 3 ; i++ ))
    do
        echo $i;
    done;
    case $x in 
        a | b)
            echo ab
        ;;
        c)
            echo c
        ;&
        d)

        ;;
        *)
            echo other
        ;;&
    esac;
    (( x = 1 + 2 ));
    [[ -z $x && ( $y == a* || ! -n $z ) ]];
    [[ -n a ]];
    ( cd /;
    pwd );
    { 
        echo g;
        echo h
    } > /dev/null;
    a | { 
        b
    };
    arr=(1 2 [5]=x) a[1]+=2;
    function g () 
    { 
        echo inner
    };
    ! false && time true || echo $(date) `pwd` $((1+2)) ${x:-y} >> log 2>&- 3<&0 &> both <<< 'w'
}
h () 
{ 
    ( echo subshell )
}
k () 
{ 
    echo k
} > out 2>&1
## END

#### declare -f with here-documents (bash also leaves out the `;` after the command that follows one)
f() { cat <<EOT
hello $x
EOT
echo after; cat <<-'E'
	tabbed
	E
}
declare -f f
## STDOUT:
f () 
{ 
    cat <<EOT
hello $x
EOT

    echo after
    cat <<-'E'
tabbed
E

}
## END
