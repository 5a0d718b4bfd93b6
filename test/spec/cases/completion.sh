# Programmable completion's builtins: complete records compspecs and prints them back as bash
# does (`complete -p`), compgen prints what a compspec's options generate for a word, compopt
# changes options. The interactive side (Tab) is in test/pty/completion.test.ts.

#### complete -p prints every option in bash's order, reusable as a command
complete -o nospace -o filenames -o default -o bashdefault -o dirnames -o plusdirs -o noquote -o nosort -abcdefgjksuv -A arrayvar -A binding -A disabled -A enabled -A function -A helptopic -A hostname -A running -A setopt -A shopt -A signal -A stopped -G '*.c' -W 'a b' -P pre -S suf -X '!*x' -C 'cmd arg' -F fn foo
complete -p foo
eval "$(complete -p foo | sed 's/ foo$/ bar/')"
complete -p bar | sed 's/ bar$/ foo/' | cmp - <(complete -p foo) && echo same
## STDOUT:
complete -o bashdefault -o default -o dirnames -o filenames -o noquote -o nosort -o nospace -o plusdirs -a -b -c -d -e -f -g -j -k -s -u -v -A arrayvar -A binding -A disabled -A enabled -A function -A helptopic -A hostname -A running -A setopt -A shopt -A signal -A stopped -G '*.c' -W 'a b' -P 'pre' -S 'suf' -X '!*x' -C 'cmd arg' -F fn foo
same
## END

#### long action names are their short flags
complete -A alias -A builtin -A command -A directory -A export -A file -A group -A job -A keyword -A service -A user -A variable x
complete -p x
## stdout: complete -a -b -c -d -e -f -g -j -k -s -u -v x

#### -D, -E and -I compspecs, and quoting in the listing
complete -D -F dd
complete -E -W x
complete -I -F ii
complete -p -D; complete -p -E; complete -p -I
complete -W "it's" q
complete -p q
complete -W x ''
complete -p ''
## STDOUT:
complete -F dd -D
complete -W 'x' -E
complete -F ii -I
complete -W 'it'\''s' q
complete -W 'x' ''
## END

#### complete with no options lists every compspec
complete -W 'a' one
complete -F f two
complete | sort
## STDOUT:
complete -F f two
complete -W 'a' one
## END

#### complete -r removes one compspec, or all of them
complete -W a one two three
complete -r two
complete -p | sort
complete -r
complete -p
echo end
## STDOUT:
complete -W 'a' one
complete -W 'a' three
end
## END

#### a name with no compspec is an error with status 1 (removing one succeeds while there are none, as in bash)
complete -p nosuch 2>&1 | sed 's/.*complete: /complete: /'
complete -p nosuch 2>/dev/null; echo $?
complete -r nosuch 2>/dev/null; echo $?
complete -W x other
complete -r nosuch 2>/dev/null; echo $?
## STDOUT:
complete: nosuch: no completion specification
1
0
1
## END

#### a bad option, action or missing argument is refused with status 2
complete -Z x 2>/dev/null; echo $?
compgen -A foo 2>&1 | sed 's/.*compgen: /compgen: /'
complete -F 2>/dev/null; echo $?
complete -o nosuch x 2>&1 | sed 's/.*complete: /complete: /'
## STDOUT:
2
compgen: foo: invalid action name
2
complete: nosuch: invalid option name
## END

#### compopt outside a completion function, and on a named compspec
compopt 2>&1 | sed 's/.*compopt: /compopt: /'
complete -o default x
compopt x
compopt -o nospace +o default x
compopt x
complete -p x
## STDOUT:
compopt: not currently executing completion function
compopt +o bashdefault -o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs x
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs x
complete -o nospace x
## END

#### compgen -W matches words that start with the word, after expansion
x=5
compgen -W 'ab ac b' a
compgen -W 'a\ b c'
compgen -W '$x "p q" ${x}y'
compgen -W '*'
compgen -W 'b' a; echo $?
## STDOUT:
ab
ac
a b
c
5
p q
5y
*
1
## END

#### compgen -P, -S and -X (with & for the word and ! to keep matches)
compgen -P '<' -S '>' -W 'ab ac' a
compgen -X '!*c' -W 'ab ac' a
compgen -X '*c' -W 'ab ac'
compgen -X '&c' -W 'ab ac' a
## STDOUT:
<ab>
<ac>
ac
ab
ab
## END

#### compgen -X uses extglob when it is on
shopt -s extglob
compgen -X '@(ab|ac)' -W 'ab ac ad'
## stdout: ad

#### compgen's actions: keywords, set and shopt options, signals, help topics
compgen -k fu
compgen -A setopt pi
compgen -A shopt nullg
compgen -A signal SIGK
compgen -A signal | head -2
compgen -A helptopic compg
## STDOUT:
function
pipefail
nullglob
SIGKILL
EXIT
SIGHUP
compgen
## END

#### compgen -v, -e, -A arrayvar, -A function, -a
myvar=1 myother=2
export myexp=3
myarr=(1 2)
myfunc() { :; }
shopt -s expand_aliases
alias myalias=ls
compgen -v my | sort
echo --
compgen -e my
compgen -A arrayvar my
compgen -A function my
compgen -a my
## STDOUT:
myarr
myexp
myother
myvar
--
myexp
myarr
myfunc
myalias
## END

#### compgen -b and -c find builtins, and -c programs on PATH
compgen -b compo
compgen -c compge
compgen -c argv
compgen -A enabled compop
enable -n compopt
compgen -A disabled comp
## STDOUT:
compopt
compgen
argv
compopt
compopt
## END

#### compgen -f and -d list files and directories, the directory part kept
mkdir -p d/sub
touch a1 a2 .hidden d/f1
compgen -f a | sort
compgen -f | sort
compgen -d
compgen -f d/ | sort
compgen -d d/
compgen -f . | sort
## STDOUT:
a1
a2
.hidden
a1
a2
d
d
d/f1
d/sub
d/sub
.
..
.hidden
## END

#### compgen -G globs, and -o plusdirs and dirnames add directories
mkdir -p dir
touch x.c y.c z.h
compgen -G '*.c' | sort
compgen -G '*.nothing'; echo $?
compgen -W 'alpha' -o plusdirs d
compgen -W 'alpha' -o dirnames d
## STDOUT:
x.c
y.c
1
dir
dir
## END

#### compgen -u lists users, -g groups (-s, services, reads /etc/services, which a machine may lack)
compgen -u roo
compgen -g roo
## STDOUT:
root
root
## END

#### compgen -o default falls back to file names
touch file1
compgen -o default -W 'x' fi
## stdout: file1

#### compgen -F runs the function (with a warning) and prints COMPREPLY
f() { COMPREPLY=("got $1" "$2"); }
compgen -F f wo 2>/dev/null
compgen -F f wo 2>&1 >/dev/null | sed 's/.*compgen: /compgen: /'
## STDOUT:
got compgen
wo
compgen: warning: -F option may not work as you expect
## END

#### compgen -C prints the command's output lines
compgen -C 'printf "%s\n" one two' 2>/dev/null
## STDOUT:
one
two
compgen
## END

#### a compspec made in a subshell stays there
complete -W a one
( complete -W b two; complete -p | sort )
complete -p
## STDOUT:
complete -W 'a' one
complete -W 'b' two
complete -W 'a' one
## END

#### COMP_WORDBREAKS is bash's by default
echo "${COMP_WORDBREAKS@Q}"
## stdout: $' \t\n"\'@><=;|&(:'

#### unset of a calling function's local shows the variable it shadowed (bash_completion's _upvars)
outer() { local words=outer cword; inner words cword; echo "outer: words=$words cword=$cword"; }
inner() { local "$1" "$2" && up "$1" "$2"; }
up() { unset -v "$1" && eval "$1=set-by-up"; unset -v "$2" && eval "$2=7"; }
outer
echo "global: ${words-unset}"
## STDOUT:
outer: words=set-by-up cword=7
global: unset
## END

#### with localvar_unset, unset of a calling function's local leaves it local and unset
shopt -s localvar_unset
outer() { local v=outer; inner; echo "outer: v=${v-unset}"; }
inner() { local v=inner; up; echo "inner: v=${v-unset}"; }
up() { unset v; }
outer
## STDOUT:
inner: v=unset
outer: v=outer
## END

#### unset of the current function's local leaves it unset until the function returns
v=global
f() { local v=local; unset v; echo "in f: ${v-unset}"; }
f
echo "after: $v"
## STDOUT:
in f: unset
after: global
## END

#### only the unset builtin reaches past a caller's local: mapfile and read fill it
f() { local arr=(old) line=old; g; echo "f: ${arr[*]} / $line"; }
g() { mapfile -t arr < <(printf 'a\nb\n'); read -r line <<< 'new'; }
f
echo "global: ${arr[*]-none} / ${line-none}"
## STDOUT:
f: a b / new
global: none / none
## END

#### compopt prints a -D, -E or -I compspec's options with its flag
complete -o nospace -D -F f
complete -E -W x
compopt -D
compopt -E
compopt -o default -D
compopt -D
## STDOUT:
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs -D
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs -E
compopt +o bashdefault -o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs -D
## END

#### compopt and complete -p name a missing -D, -E or -I compspec as bash does, in turn with what they print
complete -W x foo
{ compopt -I; compopt -o nospace -D; complete -p -E; compopt foo nope foo; } 2>&1 | sed 's/.*line [0-9]*: //'
## STDOUT:
compopt: _InitialWorD_: no completion specification
compopt: _DefaultCmD_: no completion specification
complete: _EmptycmD_: no completion specification
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs foo
compopt: nope: no completion specification
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort +o nospace +o plusdirs foo
## END

#### shopt hostcomplete takes @ out of COMP_WORDBREAKS and puts it back first, as bash does
shopt -u hostcomplete; echo "${COMP_WORDBREAKS@Q}"
shopt -s hostcomplete; echo "${COMP_WORDBREAKS@Q}"
shopt -s hostcomplete; echo "${COMP_WORDBREAKS@Q}"
COMP_WORDBREAKS=' @:@'; shopt -u hostcomplete; echo "${COMP_WORDBREAKS@Q}"
unset COMP_WORDBREAKS; shopt -s hostcomplete; echo "${COMP_WORDBREAKS-unset}"
## STDOUT:
$' \t\n"\'><=;|&(:'
$'@ \t\n"\'><=;|&(:'
$'@ \t\n"\'><=;|&(:'
' :'
unset
## END
