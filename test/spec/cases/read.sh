# The read builtin (bash 5.2): IFS splitting into names, backslashes, -r -d -n -N -t -u -p -s,
# statuses, and input left unread for the next reader. Until `{ ...; }` parses, a second reader
# of the same input is `$SH -c '...'` (the shell under test) given that input.
## compare_shells: zsh

#### two names: the first field, then the rest
read a b <<< "x y z"
echo "<$a><$b>"
## stdout: <x><y z>

#### leading and trailing IFS whitespace go; inner separators of the rest stay
read a b <<< "   x   y   z   "
echo "<$a><$b>"
## stdout: <x><y   z>

#### one name takes the whole line less outer IFS whitespace
read a <<< "  x  y  "
echo "<$a>"
## stdout: <x  y>

#### no name: REPLY keeps the line exactly
read <<< "  x  y  "
echo "<$REPLY>"
## stdout: <  x  y  >

#### more names than fields: the rest are set empty
a=old b=old c=old
read a b c <<< "x"
echo "<$a><$b><$c>"
## stdout: <x><><>

#### status 0 for a whole line
read x <<< a
echo "$? <$x>"
## stdout: 0 <a>

#### a non-whitespace IFS character separates fields
IFS=,
read a b <<< "x,y,z"
echo "<$a><$b>"
## stdout: <x><y,z>

#### one field left for the last name: its trailing separator goes
IFS=,
read a b <<< "x,y,"
echo "<$a><$b>"
## stdout: <x><y>

#### more than one field left: the rest keeps its trailing separator
IFS=,
read a b <<< "x,y,z,"
echo "<$a><$b>"
## stdout: <x><y,z,>

#### adjacent non-whitespace separators make an empty field
IFS=,
read a b c <<< "x,,z"
echo "<$a><$b><$c>"
## stdout: <x><><z>

#### a leading non-whitespace separator makes an empty first field
IFS=,
read a b <<< ",x"
echo "<$a><$b>"
## stdout: <><x>

#### IFS whitespace around a non-whitespace separator is part of it
IFS=' ,'
read a b c <<< " x , y , z "
echo "<$a><$b><$c>"
## stdout: <x><y><z>

#### whitespace not in IFS is kept
IFS=:
read a b <<< " x : y "
echo "<$a><$b>"
## stdout: < x >< y >

#### an empty IFS splits nothing and strips nothing
IFS=
read a b <<< "  x y  "
echo "<$a><$b>"
## stdout: <  x y  ><>

#### an unset IFS splits on space, tab and newline
unset IFS
read a b <<< "x   y"
echo "<$a><$b>"
## stdout: <x><y>

#### a backslash quotes the next character and is removed
read a <<< 'x\y\\z'
echo "<$a>"
## stdout: <xy\z>

#### -r keeps backslashes
read -r a <<< 'x\y\\z'
echo "<$a>"
## stdout: <x\y\\z>

#### a quoted IFS character does not separate
read a b <<< 'x\ y z'
echo "<$a><$b>"
## stdout: <x y><z>

#### REPLY has its backslashes removed too
read <<< 'a\ b\\c'
echo "<$REPLY>"
## stdout: <a b\c>

#### a quoted trailing space stays when it ends the last field
read a b <<< 'x y\ '
echo "<$a><$b>"
## stdout: <x><y >

#### but bash strips quoted trailing whitespace from a rest of several fields
read a <<< 'x y\  '
echo "<$a>"
## stdout: <x y>

#### backslash-newline joins lines
printf 'a\\\nb c\n' > f
read x y < f
echo "<$x><$y>"
## stdout: <ab><c>

#### -r ends the line at the backslash-newline
printf 'a\\\nb c\n' > f
read -r x y < f
echo "<$x><$y>"
## stdout: <a\><>

#### a backslash at end of file is dropped
printf 'x\\' > f
read x < f
echo "$? <$x>"
## stdout: 1 <x>

#### end of file without a newline: status 1, the text still assigned
printf 'abc' > f
read x < f
echo "$? <$x>"
## stdout: 1 <abc>

#### empty input: status 1 and the names emptied
x=old
read x < /dev/null
echo "$? <$x>"
## stdout: 1 <>

#### NUL bytes in a line are skipped
printf 'a\0b\n' > f
read x < f
echo "<$x>"
## stdout: <ab>

#### read leaves the rest of a pipe to the next reader
printf 'a\nb\nc\n' | $SH -c 'read x; echo "got $x"; cat'
## STDOUT:
got a
b
c
## END

#### read leaves the rest of a file to the next reader
printf 'one\ntwo\n' > f
$SH -c 'read x; echo "<$x>"; cat' < f
## STDOUT:
<one>
two
## END

#### read in a pipeline does not change the shell's variable
x=old
echo new | read x
echo "<$x>"
## stdout: <old>

#### -d ends the input at another character
printf 'a:b' > f
read -d : x < f
echo "$? <$x>"
## stdout: 0 <a>

#### -d leaves the rest of a pipe
printf 'a:b:c' | $SH -c 'read -d : x; echo "<$x>"; cat; echo'
## STDOUT:
<a>
b:c
## END

#### -d '' reads up to a NUL byte; newlines are then IFS whitespace
printf 'a\nb\0c' > f
read -d '' x y < f
echo "$? <$x><$y>"
## stdout: 0 <a><b>

#### a backslash quotes the -d delimiter
printf 'a\\:b:c' > f
read -d : x < f
echo "<$x>"
## stdout: <a:b>

#### backslash-newline is removed with another delimiter too
printf 'a\\\nb:c' > f
read -d : x < f
echo "<$x>"
## stdout: <ab>

#### -n reads at most N characters
read -n 2 x <<< abcd
echo "<$x>"
## stdout: <ab>

#### -n stops at the delimiter
printf 'a\nbcd\n' > f
read -n 3 x < f
echo "$? <$x>"
## stdout: 0 <a>

#### -n leaves the rest unread
printf 'abcd\n' | $SH -c 'read -n 2 x; echo "<$x>"; cat'
## STDOUT:
<ab>
cd
## END

#### -n splits what it read
read -n 5 x y <<< "a b c d"
echo "<$x><$y>"
## stdout: <a><b c>

#### -n does not count a backslash
read -n 3 x <<< 'a\ b c'
echo "<$x>"
## stdout: <a b>

#### -n at end of file: status 1
printf 'ab' > f
read -n 5 x < f
echo "$? <$x>"
## stdout: 1 <ab>

#### -n 0 reads nothing and succeeds
x=old
read -n 0 x <<< abc
echo "$? <$x>"
## stdout: 0 <>

#### -N reads exactly N characters, through newlines
printf 'a\nbcd\n' > f
read -N 3 x < f
echo "<$x>"
## STDOUT:
<a
b>
## END

#### -N does not split
read -N 5 x y <<< "a b c d"
echo "<$x><$y>"
## stdout: <a b c><>

#### the last of -n and -N wins
read -n 2 -N 3 x <<< "abcd"
echo "<$x>"
read -N 3 -n 2 y <<< "abcd"
echo "<$y>"
## STDOUT:
<abc>
<ab>
## END

#### flags group, with an option's value attached
read -rn2 x <<< '\abc'
echo "<$x>"
read -d: y <<< 'p:q'
echo "<$y>"
## STDOUT:
<\a>
<p>
## END

#### -- ends the options
read -- x <<< "-a"
echo "<$x>"
## stdout: <-a>

#### -t 0 succeeds when input is there, without reading it
printf 'a\n' > f
$SH -c 'read -t 0; echo $?; cat' < f
read -t 0 < /dev/null
echo $?
## STDOUT:
0
a
0
## END

#### -t 0 fails when nothing is there yet
sleep 1 | $SH -c 'read -t 0; echo $?'
## stdout: 1

#### a timeout is status 142
sleep 1 | $SH -c 'read -t 0.1 x; echo "$? <$x>"'
## stdout: 142 <>

#### a timeout keeps what was read in time
sh -c 'printf ab; sleep 3' | $SH -c 'read -t 1 x; echo "$? <$x>"'
## stdout: 142 <ab>

#### a timeout longer than one wait of the system's (24.8 days) reads as any other
echo hi | { read -t 2147484 x; echo "$? <$x>"; }
printf 'a\nb\n' | { read -t 99999999999 x; read -t 3000000.5 y; echo "$? <$x> <$y>"; }
## STDOUT:
0 <hi>
0 <a> <b>
## END

#### an invalid timeout is status 1
read -t 1.5.5 x < /dev/null 2>/dev/null
echo $?
read -t -1 x < /dev/null 2>/dev/null
echo $?
## STDOUT:
1
1
## END

#### -u reads another descriptor
printf 'a b\n' > f
read -u 3 x y 3< f
echo "<$x><$y>"
## stdout: <a><b>

#### -u with a descriptor that is not open: status 1
read -u 9 x 2>/dev/null
echo $?
read -u x y 2>/dev/null
echo $?
## STDOUT:
1
1
## END

#### a closed standard input is a read error
read x <&- 2>/dev/null
echo $?
## stdout: 1

#### reading a directory is a read error
read x < / 2>/dev/null
echo $?
## stdout: 1

#### an invalid option or a missing argument is status 2
read -z x 2>/dev/null
echo $?
read -d 2>/dev/null
echo $?
read -n x y 2>/dev/null
echo $?
## STDOUT:
2
2
1
## END

#### an invalid first name: status 1, the input left unread
printf 'a\nb\n' | $SH -c 'read 1x 2>/dev/null; echo $?; cat'
## STDOUT:
1
a
b
## END

#### an invalid later name: the names before it are assigned
read x 1y z <<< "a b c" 2>/dev/null
echo "$? <$x><$z>"
## stdout: 1 <a><>

#### -p prints no prompt when the input is not a terminal
read -p 'prompt> ' x <<< a 2>&1
echo "<$x>"
## stdout: <a>

#### -s on input that is not a terminal just reads
read -s x <<< secret
echo "<$x>"
## stdout: <secret>

#### a prefix assignment of IFS applies to read
IFS=, read a b <<< "x,y"
echo "<$a><$b>"
## stdout: <x><y>

#### -a reads into an array
read -a words <<< "x y" 2>/dev/null
echo $? ${#words[@]} ${words[1]}
## stdout: 0 2 y
