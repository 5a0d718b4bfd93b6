# bash's own variables: what it says it is (BASH_VERSION and BASH_VERSINFO name the bash release
# Quirl follows, 5.2; QUIRL_VERSION is Quirl's), the call stack (FUNCNAME, BASH_SOURCE,
# BASH_LINENO, BASH_ARGC/BASH_ARGV with extdebug), and the values computed when read.

#### BASH_VERSION and BASH_VERSINFO say bash 5.2
[[ $BASH_VERSION == 5.2.* ]] && echo version
echo "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]} ${#BASH_VERSINFO[@]}"
[[ $BASH_VERSION == "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}.${BASH_VERSINFO[2]}(${BASH_VERSINFO[3]})-${BASH_VERSINFO[4]}" ]] && echo consistent
[ "${BASH_VERSINFO[5]}" = "$MACHTYPE" ] && echo machtype
## STDOUT:
version
5.2 6
consistent
machtype
## END

#### BASH_VERSINFO is a readonly array
declare -p BASH_VERSINFO | cut -d' ' -f1-3 | cut -d= -f1
( BASH_VERSINFO[0]=9 ) 2>/dev/null || echo refused
( unset BASH_VERSINFO ) 2>/dev/null || echo kept
echo "${BASH_VERSINFO[0]}"
## STDOUT:
declare -ar BASH_VERSINFO
refused
kept
5
## END

#### OSTYPE, MACHTYPE and HOSTTYPE describe the machine as GNU names it
[ "$HOSTTYPE" = "$(uname -m)" ] && echo hosttype
case $OSTYPE in linux-gnu | darwin*) echo ostype ;; esac
case $MACHTYPE in "$HOSTTYPE"-*-"$OSTYPE") echo machtype ;; esac
## STDOUT:
hosttype
ostype
machtype
## END

#### BASH names a program that runs this shell again
[ -x "$BASH" ] && echo executable
case $BASH in /*) echo absolute ;; esac
"$BASH" -c 'echo "${BASH_VERSINFO[0]}"'
## STDOUT:
executable
absolute
5
## END

#### $FUNCNAME alone is the innermost function's name
echo "top:[${FUNCNAME-unset}]"
f() { echo "$FUNCNAME"; g; }
g() { echo "$FUNCNAME ${FUNCNAME[*]} ${#FUNCNAME[@]}"; }
f
## STDOUT:
top:[unset]
f
g g f main 3
## END

#### BASH_SOURCE and BASH_LINENO stack across source and function calls
cat > lib.sh <<'LIB'
echo "lib: ${BASH_SOURCE[*]##*/} | ${BASH_LINENO[*]} | ${FUNCNAME[*]-none}"
libf() {
  echo "libf: ${BASH_SOURCE[*]##*/} | ${BASH_LINENO[*]} | ${FUNCNAME[*]}"
}
LIB
echo "top: ${BASH_SOURCE[*]##*/} | ${BASH_LINENO[*]}"
. ./lib.sh
caller_of() {
  libf
}
caller_of
in_function() { . ./lib.sh; }
in_function
## STDOUT:
top: script.sh | 0
lib: lib.sh script.sh | 8 0 | none
libf: lib.sh script.sh script.sh | 10 12 0 | libf caller_of main
lib: lib.sh script.sh script.sh | 13 14 0 | source in_function main
## END

#### BASH_SOURCE and BASH_LINENO in $( ) and eval
f() { echo "$(echo "${BASH_SOURCE[0]##*/} ${BASH_LINENO[0]}")"; }
f
eval 'f'
eval '
f'
## STDOUT:
script.sh 2
script.sh 3
script.sh 6
## END

#### BASH_SOURCE of a -c string's functions is environment, of stdin's main
$SH -c 'f() { echo "${BASH_SOURCE[*]} ${BASH_LINENO[*]} ${#BASH_SOURCE[@]}"; }; echo "top ${#BASH_SOURCE[@]}"; f'
echo 'f() { echo "${BASH_SOURCE[*]}"; }; f' | $SH
## STDOUT:
top 0
environment 1 1
main
## END

#### BASH_ARGC and BASH_ARGV with extdebug
shopt -s extdebug
f() { echo "${BASH_ARGC[*]} | ${BASH_ARGV[*]}"; }
set -- a b c
echo "${BASH_ARGC[*]} | ${BASH_ARGV[*]-}"
f x y
echo 'echo "${BASH_ARGC[*]} | ${BASH_ARGV[*]}"' > args.sh
. ./args.sh p q
g() { . ./args.sh; }
g 1
## STDOUT:
0 | 
2 0 | y x
2 0 | q p
1 1 0 | ./args.sh 1
## END

#### BASH_ARGV holds the script's arguments
$SH -c 'echo "${BASH_ARGC[*]} | ${BASH_ARGV[*]}"' name one two three
## stdout: 3 | three two one

#### BASH_SUBSHELL counts subshells
echo "$BASH_SUBSHELL $(echo "$BASH_SUBSHELL $(echo $BASH_SUBSHELL)")"
( echo "$BASH_SUBSHELL"; ( echo "$BASH_SUBSHELL" ) )
echo x | { read -r _; echo "$BASH_SUBSHELL"; }
## STDOUT:
0 1 2
1
2
1
## END

#### SHELLOPTS and BASHOPTS list the options on, and are readonly
echo "$SHELLOPTS"
set -o pipefail -u
echo "$SHELLOPTS"
shopt -s nullglob
[[ :$BASHOPTS: == *:nullglob:* ]] && echo nullglob
shopt -u nullglob
[[ :$BASHOPTS: == *:nullglob:* ]] || echo not-nullglob
( SHELLOPTS=x ) 2>/dev/null || echo readonly
## STDOUT:
braceexpand:hashall:interactive-comments
braceexpand:hashall:interactive-comments:nounset:pipefail
nullglob
not-nullglob
readonly
## END

#### BASHPID is the shell's process id, $$ at the top
[ "$BASHPID" = "$$" ] && echo same
declare -p BASHPID | cut -d= -f1
## STDOUT:
same
declare -i BASHPID
## END

#### BASHPID in a subshell
[ "$(echo $BASHPID)" = "$$" ] && echo same || echo differs
## stdout: differs
## OK quirl stdout: same

#### DIRSTACK starts as the working directory
[ "${DIRSTACK[0]}" = "$PWD" ] && echo cwd
echo "${#DIRSTACK[@]}"
pushd / >/dev/null
echo "${#DIRSTACK[@]} ${DIRSTACK[0]}"
## STDOUT:
cwd
1
2 /
## END

#### SRANDOM is a fresh 32-bit number at each read
a=$SRANDOM b=$SRANDOM
[[ $a =~ ^[0-9]+$ && $a -lt 4294967296 ]] && echo number
[ "$a" != "$b" ] && echo fresh
## STDOUT:
number
fresh
## END

#### HISTCMD is 0 in a script
declare -p HISTCMD
## stdout: declare -i HISTCMD="0"

#### export -f hands a function to a bash child
greet() { echo "hello $1"; }
export -f greet
bash -c 'greet child'
export -fn greet
bash -c 'greet again' 2>/dev/null || echo gone
declare -fx greet
bash -c 'greet by-declare'
## STDOUT:
hello child
gone
hello by-declare
## END

#### a function exported by bash is defined in the shell bash starts
# bin/quirl starts under /bin/sh, and dash drops BASH_FUNC_greet%% (not a name): the launcher
# passes node the environment it was given (shell/launch-environment.ts).
greet() { echo "hello $1"; }
export -f greet
bash -c "$SH -c 'greet grandchild'" 2>/dev/null
echo "status=$?"
## STDOUT:
hello grandchild
status=0
## END
