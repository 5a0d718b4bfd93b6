# set's options: -u, -f, -C, -o pipefail, -x with PS4, -n, $-, and the -o / +o listings.

#### set -u: an unset variable ends the script
set -u
echo a
echo $nope
echo no
## stdout: a
## status: 1

#### set -u: ${x} too
set -u
echo a
echo ${nope}
echo no
## stdout: a
## status: 1

#### set -u: a positional parameter
set -u
echo a
echo $1
echo no
## stdout: a
## status: 1

#### set -u: $@ and $* are fine when empty
set -u
echo "$@" "$*" ok
## stdout:  ok

#### set -u: a default is fine
set -u
echo ${nope-d} ${nope:-e} [${nope+x}]
## stdout: d e []

#### set -u: an empty variable is set
set -u
x=
echo "[$x]"
## stdout: []

#### set -u: ${#x} of an unset x
set -u
echo a
echo ${#nope}
echo no
## stdout: a
## status: 1

#### set -u in a subshell ends the subshell
(set -u; echo $nope; echo no)
echo after $?
## stdout: after 1

#### set +u allows it again
set -u
set +u
echo "[$nope]"
## stdout: []

#### set -o nounset
set -o nounset
echo a
echo $nope
## stdout: a
## status: 1

#### set -f: no pathname expansion
touch a1 a2
set -f
echo a*
set +f
echo a*
## STDOUT:
a*
a1 a2
## END

#### set -o noglob
touch b1
set -o noglob
echo b*
## stdout: b*

#### set -C refuses to overwrite a file
echo a > f
set -C
echo b > f
echo $?
cat f
## STDOUT:
1
a
## END

#### set -C: >| overwrites
echo a > f
set -C
echo b >| f
cat f
## stdout: b

#### set -C: >> appends
echo a > f
set -C
echo b >> f
cat f
## STDOUT:
a
b
## END

#### set -C: a new file is fine
set -C
echo a > new
cat new
## stdout: a

#### set -C: /dev/null is fine
set -C
echo a > /dev/null && echo ok
## stdout: ok

#### set -C: &> refuses too
echo a > f
set -C
echo b &> f
echo $?
## stdout: 1

#### set -o pipefail: the last failing stage
set -o pipefail
(exit 3) | (exit 4) | true
echo $?
## stdout: 4

#### pipefail off: the last stage
(exit 3) | true
echo $?
## stdout: 0

#### pipefail: all succeed
set -o pipefail
true | true
echo $?
## stdout: 0

#### pipefail: a signal death counts
set -o pipefail
yes | head -1 >/dev/null
echo $?
## stdout: 141

#### $- by default
echo $-
## stdout: hB

#### $- with options
set -eux 2>/dev/null
set +x 2>/dev/null
echo $-
## stdout: ehuB

#### $- with -f -C -a
set -fCa
echo $-
set +fCa
## stdout: afhBC

#### set -o lists every option
set -o | head -4
## STDOUT:
allexport      	off
braceexpand    	on
emacs          	off
errexit        	off
## END

#### set -o shows an option on
set -o pipefail
set -o | grep pipefail
## stdout: pipefail       	on

#### set +o prints commands
set +o | head -3
## STDOUT:
set +o allexport
set -o braceexpand
set +o emacs
## END

#### set +o reads back
set -o pipefail -u
saved=$(set +o)
set +o pipefail +u
eval "$saved"
echo $- ; set -o | grep pipefail
## STDOUT:
huB
pipefail       	on
## END

#### set -o NAME with a bad name
set -o nosuch
echo $?
## stdout: 2

#### set with a bad letter
set -Z
echo $?
## stdout: 2

#### set -- sets the positional parameters
set -- a b c
echo $# $2
## stdout: 3 b

#### set -e -- sets both
set -e -- a b
echo $# $-
## stdout: 2 ehB

#### set +o NAME ARGS sets them too
set +o pipefail x y
echo $1 $#
## stdout: x 2

#### set - ends options and turns off -x
set -x
set - a b
echo $# $-
## stdout: 2 hB

#### set -- with nothing clears them
set -- a b
set --
echo $#
## stdout: 0

#### set -x traces a command
set -x
echo hi 2>/dev/null
set +x
## stdout: hi

#### set -x goes to stderr with +
{ set -x; echo 'a b' c; set +x; } 2>err
cat err
## STDOUT:
a b c
+ echo 'a b' c
+ set +x
## END

#### set -x: assignments each on a line
{ set -x; x=1 y='2 3'; set +x; } 2>err
cat err
## STDOUT:
+ x=1
+ y='2 3'
+ set +x
## END

#### set -x: PS4 is expanded
{ PS4='[$n] '; n=5; set -x; : hi; set +x; } 2>err
cat err
## STDOUT:
[5] : hi
[5] set +x
## END

#### set -x: nesting repeats the first character
{ set -x; echo $(echo in); set +x; } 2>err
cat err
## STDOUT:
in
++ echo in
+ echo in
+ set +x
## END

#### set -x: eval nests
{ set -x; eval 'echo e'; set +x; } 2>err
cat err
## STDOUT:
e
+ eval 'echo e'
++ echo e
+ set +x
## END

#### set -x: empty words and quotes
{ set -x; : '' "it's" '$x' a=b; set +x; } 2>err
cat err
## STDOUT:
+ : '' 'it'\''s' '$x' a=b
+ set +x
## END

#### set -x: an empty PS4
{ PS4=; set -x; : hi; set +x; } 2>err
cat err
## STDOUT:
: hi
set +x
## END

#### set -n reads but does not run
echo a
set -n
echo no
## stdout: a

#### set -o vi and emacs exclude each other
set -o vi
set -o | grep -E '^(vi|emacs) '
set -o emacs
set -o | grep -E '^(vi|emacs) '
## STDOUT:
emacs          	off
vi             	on
emacs          	on
vi             	off
## END

#### set -o ignoreeof is recorded
set -o ignoreeof
set +o | grep ignoreeof
## stdout: set -o ignoreeof

#### options are copied into a subshell
set -o pipefail
(set -o | grep pipefail)
## stdout: pipefail       	on

#### a subshell's options stay in it
(set -o pipefail)
set -o | grep pipefail
## stdout: pipefail       	off

#### set -e in a function stays on after it
f() { set -e; }
f
echo $-
## stdout: ehB

#### set -u: ${x@Q} and ${x#p} of an unset x
set -u
echo a
(echo ${nope@Q}); (echo ${nope#p}); (echo ${nope[1]})
echo end $?
## STDOUT:
a
end 1
## END

#### set -u: an unset array element
set -u
a=(x)
echo ${a[0]}
echo ${a[5]}
echo no
## stdout: x
## status: 1

#### set -x: a command substitution in PS4 is not traced
PS4='+$(echo sub) '
{ set -x; echo a; set +x; } 2>err
cat err
## STDOUT:
a
+sub echo a
+sub set +x
## END

#### set -x: PS4's command substitution at a nested level
PS4='+$(echo sub) '
{ set -x; x=$(echo in); eval 'echo b'; set +x; } 2>err
cat err
## STDOUT:
b
++sub echo in
+sub x=in
+sub eval 'echo b'
++sub echo b
+sub set +x
## END

#### set -a exports every variable assigned by name, until set +a
set -a
x=1
read r <<< read-value
for f in loop-value; do :; done
declare d=declared
: ${dd:=defaulted}
printf -v p printed
set +a
after=no
env | grep -E '^(x|r|f|d|dd|p|after)=' | sort
## STDOUT:
d=declared
dd=defaulted
f=loop-value
p=printed
r=read-value
x=1
## END

#### set -a shows in $- and set -o
set -a
case $- in *a*) echo a-in-flags;; esac
set -o | grep allexport
set +a
case $- in *a*) echo still;; *) echo gone;; esac
## STDOUT:
a-in-flags
allexport      	on
gone
## END

#### set -a: an array assigned by element or list is not exported; one assigned by name is
set -a
y=(1 2)
m[k]=v
declare -p y m
y=5
declare -p y
## STDOUT:
declare -a y=([0]="1" [1]="2")
declare -a m=([0]="v")
declare -ax y=([0]="5" [1]="2")
## END

#### set -a before sourcing a file of assignments exports them to programs (the usual .env idiom)
printf 'A=1\nB="two words"\n' > vars.env
set -a
. ./vars.env
set +a
sh -c 'echo "$A|$B"'
## stdout: 1|two words

#### set -a: a local variable of a function is exported to the function's programs only
set -a
f() { local lo=inside; sh -c 'echo "lo=$lo"'; }
f
set +a
sh -c 'echo "after=${lo-unset}"'
## STDOUT:
lo=inside
after=unset
## END

#### set -u: an unset variable in $(( )) ends the script, naming it
set -u
x=1
echo $((x + 1))
echo $((z + 1))
echo not reached
## status: 1
## stdout: 2

#### set -u: an unset variable in (( )) or let ends the script too
set -u
( (( y = z + 1 )); echo not reached ) 2>/dev/null
echo "(( )) status $?"
( let 'w = v + 1'; echo not reached ) 2>/dev/null
echo "let status $?"
## STDOUT:
(( )) status 1
let status 1
## END

#### set -u: ${u:-0} in arithmetic and an unset array element are not errors
set -u
a=(1)
echo $(( ${u:-0} + a[5] + 1 ))
## stdout: 1

#### set -H and set +H turn history expansion on and off
set -H
case $- in *H*) echo on ;; esac
set +o histexpand
case $- in *H*) ;; *) echo off ;; esac
## STDOUT:
on
off
## END
