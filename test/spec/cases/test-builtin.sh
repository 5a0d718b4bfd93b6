# test and [: the builtin (not /usr/bin/[), with bash's argument-count rules, operators and messages.
# Messages are compared with the shell's own prefix cut off (bash names the script and line).

#### test and [ are builtins
type test
type [
## STDOUT:
test is a shell builtin
[ is a shell builtin
## END

#### no arguments is false, one is true when not empty
test; echo $?
test ''; echo $?
test x; echo $?
[ ]; echo $?
## STDOUT:
1
1
0
1
## END

#### an operator alone is a non-empty string
[ -n ]; echo $?
[ -z ]; echo $?
[ ! ]; echo $?
[ -t ]; echo $?
## STDOUT:
0
0
0
0
## END

#### [ needs its closing ]
[ x; echo $?
[ x ]]; echo $?
## STDOUT:
2
2
## END

#### the missing ] message
[ x 2>&1 | sed 's/.*\[: /[: /'
## stdout: [: missing `]'

#### -n and -z
v=''; w=word
[ -n "$v" ]; echo $?
[ -z "$v" ]; echo $?
[ -n "$w" ]; echo $?
[ -z "$w" ]; echo $?
## STDOUT:
1
0
0
1
## END

#### the unquoted empty variable pitfall
v=''
[ -n $v ] && echo "true without quotes"
[ -n "$v" ] || echo "false with quotes"
## STDOUT:
true without quotes
false with quotes
## END

#### ! negates one argument
[ ! '' ]; echo $?
[ ! x ]; echo $?
[ ! = ]; echo $?
## STDOUT:
0
1
1
## END

#### string equality with = and ==
[ a = a ] && echo same
[ a == a ] && echo same2
[ a = b ] || echo differ
[ a != b ] && echo not-equal
## STDOUT:
same
same2
differ
not-equal
## END

#### = compares strings, not patterns
[ 'a*' = abc ]; echo $?
test abc == 'a*'; echo $?
## STDOUT:
1
1
## END

#### < and > compare bytes
[ a '<' b ]; echo $?
[ b '<' a ]; echo $?
[ a '>' B ]; echo $?
[ ab '<' abc ]; echo $?
## STDOUT:
0
1
0
0
## END

#### three arguments: a binary operator wins over -a
[ = = = ]; echo $?
[ -n -a -n ]; echo $?
[ '' -a x ]; echo $?
[ '' -o x ]; echo $?
## STDOUT:
0
0
1
0
## END

#### three and four arguments in parentheses
[ '(' x ')' ]; echo $?
[ '(' '' ')' ]; echo $?
[ '(' -n x ')' ]; echo $?
[ '(' ! x ')' ]; echo $?
## STDOUT:
0
1
0
1
## END

#### ! before a binary expression
[ ! a = b ]; echo $?
[ ! a = a ]; echo $?
## STDOUT:
0
1
## END

#### -a binds tighter than -o
[ x -o x -a '' ]; echo $?
[ '' -a x -o x ]; echo $?
[ '' -a x -o '' ]; echo $?
## STDOUT:
0
0
1
## END

#### parentheses group
[ '(' x -o x ')' -a '' ]; echo $?
[ x -o '(' x -a '' ')' ]; echo $?
[ '(' a = a ')' -a '(' b = b ')' ]; echo $?
## STDOUT:
1
0
0
## END

#### several ! in a long expression
[ ! ! x -a x ]; echo $?
[ ! ! ! x -a x ]; echo $?
## STDOUT:
0
1
## END

#### integer comparisons
[ 1 -eq 1 ]; echo $?
[ 1 -ne 1 ]; echo $?
[ -1 -lt 0 ]; echo $?
[ 2 -le 2 ]; echo $?
[ 3 -gt 2 ]; echo $?
[ 2 -ge 3 ]; echo $?
## STDOUT:
0
1
0
0
0
1
## END

#### integers are decimal with blanks and a sign allowed
[ 010 -eq 10 ]; echo $?
[ ' 7 ' -eq +7 ]; echo $?
[ 9223372036854775807 -gt -9223372036854775808 ]; echo $?
## STDOUT:
0
0
0
## END

#### a bad integer is status 2 with bash's message
[ x -eq 1 ]; echo $?
[ 1 -eq 0x1 ] 2>&1 | sed 's/.*\[: /[: /'
test 99999999999999999999 -gt 1 2>&1 | sed 's/.*test: /test: /'
## STDOUT:
2
[: 0x1: integer expression expected
test: 99999999999999999999: integer expression expected
## END

#### too many arguments
[ a b c d e ]; echo $?
test a b c d e 2>&1 | sed 's/.*test: /test: /'
## STDOUT:
2
test: too many arguments
## END

#### unary and binary operator expected
test a b 2>&1 | sed 's/.*test: /test: /'
test a b c 2>&1 | sed 's/.*test: /test: /'
test -q x 2>&1 | sed 's/.*test: /test: /'
## STDOUT:
test: a: unary operator expected
test: b: binary operator expected
test: -q: unary operator expected
## END

#### a missing closing parenthesis
test '(' a = b 2>&1 | sed 's/.*test: /test: /'
test '(' a b c d 2>&1 | sed 's/.*test: /test: /'
## STDOUT:
test: `)' expected
test: `)' expected, found b
## END

#### argument expected
test x -a y -a 2>&1 | sed 's/.*test: /test: /'
test x -a y -a; echo $?
## STDOUT:
test: argument expected
2
## END

#### -e -f -d on files and directories
mkdir d; echo hi > f
[ -e f ] && [ -f f ] && echo file
[ -e d ] && [ -d d ] && echo dir
[ -f d ] || echo "dir is not a file"
[ -e missing ] || echo missing
[ -e '' ] || echo empty-name
## STDOUT:
file
dir
dir is not a file
missing
empty-name
## END

#### relative paths follow cd
mkdir -p sub/inner
cd sub
[ -d inner ] && echo found
cd inner
[ -d ../inner ] && echo found-up
## STDOUT:
found
found-up
## END

#### -s for a non-empty file
: > empty; echo x > full
[ -s full ]; echo $?
[ -s empty ]; echo $?
## STDOUT:
0
1
## END

#### -h and -L for symbolic links, dangling too
echo x > target
ln -s target link
ln -s nowhere dangling
[ -h link ] && [ -L link ] && echo link
[ -f link ] && echo "link to a file"
[ -e dangling ] || echo "dangling does not exist"
[ -L dangling ] && echo "but is a link"
## STDOUT:
link
link to a file
dangling does not exist
but is a link
## END

#### -p for a FIFO, -c for a character device
mkfifo p
[ -p p ] && echo fifo
[ -c /dev/null ] && echo char
[ -b /dev/null ] || echo "not a block device"
## STDOUT:
fifo
char
not a block device
## END

#### -r -w -x
echo x > f; chmod 644 f
printf '#!/bin/sh\n' > e; chmod 755 e
[ -r f ] && [ -w f ] && echo rw
[ -x e ] && echo exec
[ -x f ] || echo "no exec"
[ -x . ] && echo "dir searchable"
## STDOUT:
rw
exec
no exec
dir searchable
## END

#### -u -g -k mode bits
touch u g; mkdir k
chmod 4755 u; chmod 2755 g; chmod 1777 k
[ -u u ] && echo setuid
[ -g g ] && echo setgid
[ -k k ] && echo sticky
[ -u g ] || echo "g not setuid"
## STDOUT:
setuid
setgid
sticky
g not setuid
## END

#### -O and -G for files this shell made
touch mine
[ -O mine ] && [ -G mine ] && echo mine
## stdout: mine

#### -nt and -ot
touch -d '2001-01-01' old
touch -d '2002-01-01' new
[ new -nt old ]; echo $?
[ old -nt new ]; echo $?
[ old -ot new ]; echo $?
[ new -nt missing ]; echo $?
[ missing -ot new ]; echo $?
[ missing -nt missing ]; echo $?
## STDOUT:
0
1
0
0
0
1
## END

#### -ef for the same file
echo x > a; ln a hard; ln -s a soft; echo x > b
[ a -ef hard ] && echo hard
[ a -ef soft ] && echo soft
[ a -ef b ] || echo different
[ a -ef missing ] || echo missing
## STDOUT:
hard
soft
different
missing
## END

#### -N for a file modified since read
touch -a -d '2001-01-01' f
touch -m -d '2002-01-01' f
[ -N f ]; echo $?
touch -m -d '2000-01-01' f
[ -N f ]; echo $?
## STDOUT:
0
1
## END

#### -t asks about the command's own descriptor
[ -t 0 ]; echo $?
[ -t 1 ] | cat; echo $?
[ -t 1 ] > /dev/null; echo $?
[ -t x ]; echo $?
## STDOUT:
1
0
1
1
## END

#### /dev/fd/N is the command's descriptor
[ -p /dev/fd/0 ] < /dev/null || echo "null is no pipe"
echo | [ -p /dev/fd/0 ] && echo "pipe on 0"
[ -c /dev/stdin ] < /dev/null && echo "stdin is a char device"
## STDOUT:
null is no pipe
pipe on 0
stdin is a char device
## END

#### -v for set variables
set_var=1; empty_var=''
[ -v set_var ]; echo $?
[ -v empty_var ]; echo $?
[ -v never_set ]; echo $?
## STDOUT:
0
0
1
## END

#### -v N for positional parameters
$SH -c '[ -v 1 ]; echo $?; [ -v 2 ]; echo $?; [ -v 0 ]; echo $?' name one
## STDOUT:
0
1
0
## END

#### -o for an option that is off
[ -o noclobber ]; echo $?
[ -o no-such-option ]; echo $?
## STDOUT:
1
1
## END

#### test in a pipeline and && ||
[ -d / ] && echo root || echo none
echo x | [ 1 -lt 2 ] && echo piped
[ "$(echo a)" = a ] && echo substituted
## STDOUT:
root
piped
substituted
## END

#### the status of test is usable as $?
[ a = b ]
echo "status $?"
test 3 -gt 2
echo "status $?"
## STDOUT:
status 1
status 0
## END

#### -v of array elements: indexed, negative and arithmetic subscripts, [@]
a=(x '' [5]=z)
for e in 'a[0]' 'a[1]' 'a[2]' 'a[5]' 'a[-1]' 'a[1+1*4]' 'a[x]' 'a[@]' 'a[*]' 'a'; do
  test -v "$e"; t=$?; [ -v "$e" ]; b=$?; [[ -v $e ]]; c=$?; echo "$e $t $b $c"
done
## STDOUT:
a[0] 0 0 0
a[1] 0 0 0
a[2] 1 1 1
a[5] 0 0 0
a[-1] 0 0 0
a[1+1*4] 0 0 0
a[x] 0 0 0
a[@] 0 0 0
a[*] 0 0 0
a 0 0 0
## END

#### -v of associative elements: the key is literal, [@] is a key too
declare -A m=([k]=v [e]= ['a b']=1)
for e in 'm[k]' 'm[e]' 'm[zz]' 'm[a b]' 'm[@]' 'm'; do
  test -v "$e"; t=$?; [[ -v $e ]]; c=$?; echo "$e $t $c"
done
m[@]=x; test -v 'm[@]' && echo "now a key"
k=k; [[ -v m[$k] ]] && echo "subscript expanded"
## STDOUT:
m[k] 0 0
m[e] 0 0
m[zz] 1 1
m[a b] 0 0
m[@] 1 1
m 1 1
now a key
subscript expanded
## END

#### -v of elements of empty arrays, scalars and unset names
declare -a emp=(); declare -A ema; s=str
for e in 'emp[0]' 'emp[@]' 'ema[@]' 's[0]' 's[1]' 's[@]' 'nosuch[0]' 'a[x'; do
  test -v "$e"; echo "$e $?"
done
i=1; arr=(p q); [[ -v arr[i] ]] && echo "arr[i] set"
## STDOUT:
emp[0] 1
emp[@] 1
ema[@] 1
s[0] 0
s[1] 1
s[@] 0
nosuch[0] 1
a[x 1
arr[i] set
## END

#### -v of a negative subscript before the start: bash's bad array subscript, status 1
a=(1 2); x=s
test -v 'a[-2]'; echo "a[-2] $?"
test -v 'a[-3]' 2>/dev/null; echo "a[-3] $?"
[[ -v x[-1] ]] 2>/dev/null; echo "x[-1] $?"
[[ -v nosuch[-1] ]] 2>/dev/null; echo "nosuch[-1] $?"
{ test -v 'a[-3]'; } 2>&1 | grep -c 'a: bad array subscript'
## STDOUT:
a[-2] 0
a[-3] 1
x[-1] 1
nosuch[-1] 1
1
## END
