# Bytes that are not UTF-8 round-trip exactly, as in bash: decoded, each such byte becomes its
# escape (U+DC80 + byte - 0x80, shell/bytes.ts), and it is written back as the same byte at every
# boundary (output, pipes, command substitution, here-strings, read, mapfile, scripts and
# source, argv, the environment, file names from globs, paths given to the system). In a UTF-8
# locale an invalid byte counts as one character; in the C locale everything is bytes. od shows
# the bytes. The runner's locale is C; cases that need UTF-8 set LC_ALL=C.UTF-8.

#### printf's \xHH makes a byte that is not UTF-8
printf '\xff\n' | od -An -tx1
printf '\377\n' | od -An -tx1
## STDOUT:
 ff 0a
 ff 0a
## END

#### printf's \xHH bytes that spell a character make it
printf '\xc3\xa9' | od -An -tx1
printf '%s\n' "$(printf '\xc3\xa9')"
## STDOUT:
 c3 a9
é
## END

#### echo of $'\xHH' writes the byte
echo $'\xfe' | od -An -tx1
echo -e 'a\xfeb' | od -An -tx1
## STDOUT:
 fe 0a
 61 fe 62 0a
## END

#### printf %b with hex and octal bytes
printf '%b' '\xfe\0351' | od -An -tx1
## stdout:  fe e9

#### printf's precision counts bytes, an escaped one too
printf '%.1s|%3s|\n' $'\xff\xfe' $'\xfd' | od -An -tx1
## stdout:  ff 7c 20 20 fd 7c 0a

#### command substitution of a builtin keeps a byte
x=$(printf '\xe9')
printf %s "$x" | od -An -tx1
## stdout:  e9

#### command substitution of a program keeps a byte
x=$(/usr/bin/printf '\xe9\xff')
printf %s "$x" | od -An -tx1
echo ${#x}
## STDOUT:
 e9 ff
2
## END

#### a redirect writes a byte to a file, and cat reads it back
printf '\xe9' > f
cat f | od -An -tx1
od -An -tx1 < f
## STDOUT:
 e9
 e9
## END

#### a here-string of a byte, to a program
od -An -tx1 <<< $'\xff'
## stdout:  ff 0a

#### a here-string of a byte, to a builtin
read -r x <<< $'a\xfeb'
printf %s "$x" | od -An -tx1
## stdout:  61 fe 62

#### a here-document expands a variable holding a byte
x=$'\xfa'
cat <<EOF | od -An -tx1
<$x>
EOF
## stdout:  3c fa 3e 0a

#### an argument that is not UTF-8 reaches a program as the byte
/usr/bin/printf %s $'\xff' | od -An -tx1
/usr/bin/printf %s $'\xc3' $'\xa9' | od -An -tx1
## STDOUT:
 ff
 c3 a9
## END

#### an exported value that is not UTF-8
export V=$'\xff'
env | grep -a '^V=' | od -An -tx1
## stdout:  56 3d ff 0a

#### a prefix assignment that is not UTF-8
V=$'a\xfe' env | grep -a '^V=' | od -An -tx1
## stdout:  56 3d 61 fe 0a

#### a file named by a byte is found by a glob
touch $'\xff'
for f in *; do printf %s "$f" | od -An -tx1; done
## stdout:  ff

#### a glob of several names with bytes, in byte order
touch $'a\xfe' $'a\xff' ab
printf '%s\n' a* | od -An -tx1
## stdout:  61 62 0a 61 fe 0a 61 ff 0a

#### ? in a glob matches a byte that is not UTF-8
touch $'x\xff' xy
printf '%s\n' x? | od -An -tx1
LC_ALL=C.UTF-8
printf '%s\n' x? | od -An -tx1
## STDOUT:
 78 79 0a 78 ff 0a
 78 79 0a 78 ff 0a
## END

#### read of a byte
printf 'a\xe9 b\n' > f
read x y < f
printf '%s|%s' "$x" "$y" | od -An -tx1
## stdout:  61 e9 7c 62

#### read -d with a byte for delimiter
printf 'one\xfftwo' | { read -r -d $'\xff' x; printf %s "$x"; }
## stdout-json: "one"

#### read -n counts an invalid byte as one character in UTF-8
export LC_ALL=C.UTF-8
printf '\xffab' | { read -r -n 2 x; printf %s "$x" | od -An -tx1; }
## stdout:  ff 61

#### mapfile keeps bytes
printf 'a\xff\n\xfeb\n' | { mapfile -t lines; printf '%s|' "${lines[@]}" | od -An -tx1; }
## stdout:  61 ff 7c fe 62 7c

#### mapfile -d with a byte for delimiter
printf 'a\xffb\xff' | { mapfile -t -d $'\xff' parts; echo "${#parts[@]} ${parts[1]}"; }
## stdout: 2 b

#### source of a file holding a byte
printf 'x=\xfa\n' > lib.sh
. ./lib.sh
printf %s "$x" | od -An -tx1
## stdout:  fa

#### a script file holding a byte
printf 'printf %%s \xfa | od -An -tx1\n' > s.sh
$SH s.sh
## stdout:  fa

#### a script on stdin holding a byte
printf 'printf %%s \xfa\xfb | od -An -tx1\n' | $SH
## stdout:  fa fb

#### ${#x} counts bytes in the C locale
x=$'a\xffb\xc3\xa9'
echo ${#x}
## stdout: 5

#### ${#x} counts an invalid byte as one character in a UTF-8 locale
LC_ALL=C.UTF-8
x=$'a\xffb\xc3\xa9'
echo ${#x}
y=$'\xe2\x82'
echo ${#y}
## STDOUT:
4
2
## END

#### a surrogate encoded in UTF-8 is three bytes, not a character
LC_ALL=C.UTF-8
z=$'\xed\xa0\x80'
echo ${#z}
printf %s "$z" | od -An -tx1
## STDOUT:
3
 ed a0 80
## END

#### an overlong form is bytes, not a character
LC_ALL=C.UTF-8
z=$'\xc0\x80\xe0\x80\xaf'
echo ${#z}
printf %s "$z" | od -An -tx1
## STDOUT:
5
 c0 80 e0 80 af
## END

#### a substring of escaped bytes, in the C locale
x=$'a\xffb\xfe'
printf %s "${x:1:1}" | od -An -tx1
printf %s "${x:1}" | od -An -tx1
## STDOUT:
 ff
 ff 62 fe
## END

#### a substring of escaped bytes, in a UTF-8 locale
LC_ALL=C.UTF-8
x=$'\xc3\xa9\xff\xfe'
printf %s "${x:1:1}" | od -An -tx1
printf %s "${x: -1}" | od -An -tx1
## STDOUT:
 ff
 fe
## END

#### bytes side by side that spell a character are that character
LC_ALL=C.UTF-8
y=$'\xc3'$'\xa9'
echo ${#y} "$y"
a=$'\xe2\x82'
b=$'\xac'
c=$a$b
echo ${#c} "$c"
a+=$b
echo ${#a} "$a"
[[ $a == € ]] && echo same
## STDOUT:
1 é
1 €
1 €
same
## END

#### case matches a byte with ?
for loc in C C.UTF-8; do
  LC_ALL=$loc
  case $'\xff' in ?) echo "$loc one" ;; *) echo "$loc other" ;; esac
  case $'\xff\xfe' in ??) echo "$loc two" ;; *) echo "$loc other" ;; esac
done
## STDOUT:
C one
C two
C.UTF-8 one
C.UTF-8 two
## END

#### [[ matches bytes with ? and compares them
for loc in C C.UTF-8; do
  LC_ALL=$loc
  [[ $'a\xffb' == a?b ]] && echo "$loc match"
  [[ $'\xff' == $'\xfe' ]] || echo "$loc differ"
done
[ $'\xfe' \< $'\xff' ] && echo less
## STDOUT:
C match
C differ
C.UTF-8 match
C.UTF-8 differ
less
## END

#### pattern replacement on escaped bytes
LC_ALL=C.UTF-8
x=$'a\xffb\xc3\xa9'
printf '%s\n' "${x//?/-}"
printf %s "${x/$'\xff'/+}" | od -An -tx1
## STDOUT:
----
 61 2b 62 c3 a9
## END

#### test -e and -f of a name that is not UTF-8
touch $'\xff'
[ -e $'\xff' ] && echo exists
[ -f $'\xfe' ] || echo absent
[[ -f $'\xff' ]] && echo file
## STDOUT:
exists
absent
file
## END

#### a redirect to a name that is not UTF-8
echo hi > $'\xfe'
cat $'\xfe'
cat < $'\xfe'
ls | od -An -tx1
## STDOUT:
hi
hi
 fe 0a
## END

#### cd to a directory whose name is not UTF-8
mkdir $'d\xff'
cd $'d\xff'
printf %s "${PWD##*/}" | od -An -tx1
/bin/pwd | sed 's|.*/||' | od -An -tx1
touch here
cd ..
ls $'d\xff'
## STDOUT:
 64 ff
 64 ff 0a
here
## END

#### a program at a path that is not UTF-8
printf 'echo ran\n' > $'run\xff'
chmod +x $'run\xff'
./$'run\xff'
## stdout: ran

#### ${x@Q} and printf %q of a byte
x=$'a\xffb'
echo "${x@Q}"
printf '%q\n' "$x"
LC_ALL=C.UTF-8
echo "${x@Q}"
printf '%q\n' "$x"
## STDOUT:
$'a\377b'
$'a\377b'
$'a\377b'
$'a\377b'
## END

#### an in-shell pipeline passes bytes between stages
echo $'\xff\xfe' | while read -r l; do printf %s "$l"; done | od -An -tx1
## stdout:  ff fe

#### IFS of a byte splits on it
IFS=$'\xff'
x=$'a\xffb'
argv $x
## stdout: <a> <b>

#### associative array keys that are not UTF-8, in bash's order
declare -A m
for k in $'\xff' $'\xfe' $'\xc3\xa9' $'\xfd'; do m[$k]=${#m[@]}; done
printf '%s\n' "${!m[@]}" | od -An -tx1
echo ${#m[@]}
## STDOUT:
 ff 0a fe 0a fd 0a c3 a9 0a
4
## END

#### declare -p and set quote a byte that is not UTF-8 with $'...'
x=$'a\xffb'
declare -p x
set | grep -a '^x='
declare -A m
k=$'\xfe'
m[$k]=$x
declare -p m
LC_ALL=C.UTF-8
declare -p x
## STDOUT:
declare -- x=$'a\377b'
x=$'a\377b'
declare -A m=([$'\376']=$'a\377b' )
declare -- x=$'a\377b'
## END

#### printf -v keeps bytes
printf -v v '\xff%s' $'\xfe'
printf %s "$v" | od -An -tx1
## stdout:  ff fe

#### the shell's own arguments keep their bytes
$SH -c 'printf %s "$0|$1" | od -An -tx1' $'n\xfe' $'\xff'
$SH -c $'printf %s \xfd | od -An -tx1'
## STDOUT:
 6e fe 7c ff
 fd
## END

#### the shell's own environment keeps its bytes
V=$'\xff' W=$'ok\xfe' $SH -c 'printf %s "$V|$W" | od -An -tx1; env | grep -a "^V=" | od -An -tx1'
## STDOUT:
 ff 7c 6f 6b fe
 56 3d ff 0a
## END

#### the shell started in a directory whose name is not UTF-8
mkdir $'d\xff'
cd $'d\xff'
$SH -c 'printf %s "${PWD##*/}" | od -An -tx1; touch made'
ls
## STDOUT:
 64 ff
made
## END

#### bytes that are not UTF-8 on stdout, as they are
printf '%s\n' $'\xff' "$(printf 'a\xfe')" $'\xc3\xa9'
## stdout-json: "\udcff\na\udcfe\n\u00e9\n"

#### mapfile keeps a delimiter byte that is not UTF-8, with -n too
printf 'a\xffb\xff' | { mapfile -d $'\xff' p; printf %s "${p[0]}" | od -An -tx1; }
printf 'a\xffb\xff' | { mapfile -n 1 -d $'\xff' p; printf %s "${p[0]}" | od -An -tx1; }
printf 'a\xc3b\xc3' | { mapfile -n 2 -d $'\xc3' p; printf %s "${p[@]}" | od -An -tx1; }
## STDOUT:
 61 ff
 61 ff
 61 c3 62 c3
## END

#### ${x@P} turns \NNN into a byte, and bytes that spell a character into it
x='\351\303\251'
printf %s "${x@P}" | od -An -tx1
LC_ALL=C.UTF-8
y=${x@P}
echo ${#y}
## STDOUT:
 e9 c3 a9
2
## END
