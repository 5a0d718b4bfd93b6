# read never consumes more than it uses: from a pipe it reads no further than the end of its
# line (or its -n/-N/-d limit), so the next reader gets the rest; on a seekable file the offset is
# left just after what it used, as bash does.
## compare_shells: dash zsh

#### read then cat from a pipe: cat gets the rest
printf 'a\nb\nc\n' | { read x; cat; }
## STDOUT:
b
c
## END

#### read then cat: read's variable holds the first line
printf 'a\nb\nc\n' | { read x; cat > /dev/null; echo "x=$x"; }
## stdout: x=a

#### two reads then cat from a pipe
printf '1\n2\n3\n4\n' | { read a; read b; echo "$a$b"; cat; }
## STDOUT:
12
3
4
## END

#### read then head from a pipe
printf 'first\nsecond\nthird\n' | { read x; head -1; }
## stdout: second

#### read then an external read loop in sh
printf 'p\nq\nr\n' | { read x; sh -c 'while read l; do echo "sh: $l"; done'; }
## STDOUT:
sh: q
sh: r
## END

#### read from a regular file leaves the offset after the line
printf 'l1\nl2\nl3\n' > f
{ read a; cat; } < f
## STDOUT:
l2
l3
## END

#### read from a file twice then cat
printf 'l1\nl2\nl3\nl4\n' > f
{ read a; read b; cat; echo "$a $b"; } < f
## STDOUT:
l3
l4
l1 l2
## END

#### read -n leaves the rest of the line in a pipe
printf 'abcdef\nnext\n' | { read -n 2 x; echo "x=$x"; cat; }
## STDOUT:
x=ab
cdef
next
## END

#### read -n leaves the rest of the line in a file
printf 'abcdef\nnext\n' > f
{ read -n 3 x; echo "x=$x"; cat; } < f
## STDOUT:
x=abc
def
next
## END

#### read -N reads exactly N characters
printf 'abcdef\n' | { read -N 4 x; echo "x=$x"; cat; }
## STDOUT:
x=abcd
ef
## END

#### read -d stops at the delimiter and leaves the rest
printf 'one:two:three\n' | { read -d : x; echo "x=$x"; cat; }
## STDOUT:
x=one
two:three
## END

#### read -d '' reads up to a NUL
printf 'a b\0rest\n' | { read -d '' x; echo "x=$x"; cat; }
## STDOUT:
x=a b
rest
## END

#### read of the last line without a newline: status 1, variable set
printf 'last' | { read x; echo "status=$? x=$x"; }
## stdout: status=1 x=last

#### read at end of input: status 1, variable empty
printf '' | { read x; echo "status=$? x=[$x]"; }
## stdout: status=1 x=[]

#### read -r then cat keeps backslashes in both
printf 'a\\b\nc\\d\n' | { read -r x; echo "x=$x"; cat; }
## STDOUT:
x=a\b
c\d
## END

#### read with a backslash-newline continuation consumes both lines
printf 'a\\\nb\nc\n' | { read x; echo "x=$x"; cat; }
## STDOUT:
x=ab
c
## END

#### read -r with a trailing backslash does not continue
printf 'a\\\nb\n' | { read -r x; echo "x=$x"; cat; }
## STDOUT:
x=a\
b
## END

#### a read loop then cat: cat gets nothing after the loop consumed all
printf '1\n2\n' | { while read l; do echo "l=$l"; done; cat; echo end; }
## STDOUT:
l=1
l=2
end
## END

#### a read loop that breaks early leaves the rest for cat
printf '1\n2\n3\n4\n' | { while read l; do [ $l = 2 ] && break; done; cat; }
## STDOUT:
3
4
## END

#### a read loop over a file that breaks early leaves the offset
printf '1\n2\n3\n4\n' > f
{ while read l; do [ $l = 2 ] && break; done; cat; } < f
## STDOUT:
3
4
## END

#### read from a here-document then cat
{ read x; cat; } <<EOF
h1
h2
EOF
## stdout: h2

#### read from a here-string then cat
{ read x; echo "x=$x"; cat; } <<< "only line"
## stdout: x=only line

#### read with several variables leaves the next lines
printf 'a b c\nd e\n' | { read x y; echo "x=$x y=$y"; cat; }
## STDOUT:
x=a y=b c
d e
## END

#### read gets a whole line written in pieces by several writers
{ printf 'par'; sh -c 'printf ti'; printf 'al\nrest\n'; } | { read x; echo "x=$x"; cat; }
## STDOUT:
x=partial
rest
## END

#### read across writes line by line
{ echo one; echo two; } | { read a; read b; echo "$b $a"; }
## stdout: two one

#### read in a function leaves the rest for the caller
getline() { read line; }
printf 'x1\nx2\n' | { getline; echo "line=$line"; cat; }
## STDOUT:
line=x1
x2
## END

#### read from the terminal-less stdin of a script
read x
echo "status=$? x=[$x]"
## stdout: status=1 x=[]

#### read -u reads from another descriptor and leaves the rest
printf 'u1\nu2\n' > f
{ read -u 3 x; echo "x=$x"; cat <&3; } 3< f
## STDOUT:
x=u1
u2
## END

#### read from fd 3 with <&3 leaves the rest
printf 'v1\nv2\nv3\n' > f
{ read x <&3; read y <&3; echo "$x $y"; cat <&3; } 3< f
## STDOUT:
v1 v2
v3
## END

#### read in a while condition and cat in the body share the input
printf 'h\nb1\nb2\n' | while read l; do echo "head=$l"; cat; done
## STDOUT:
head=h
b1
b2
## END

#### read a line longer than a pipe buffer then cat
{ head -c 70000 /dev/zero | tr '\0' x; echo; echo tail; } | { read long; printf %s "$long" | wc -c; cat; }
## STDOUT:
70000
tail
## END

#### read -t 0 does not consume input
printf 'data\n' > f
{ read -t 0; echo "t0=$?"; read x; echo "x=$x"; } < f
## STDOUT:
t0=0
x=data
## END

#### read then dd reads the rest
printf 'r1\nr2\n' | { read x; dd 2>/dev/null; }
## stdout: r2

#### read leaves the offset for a sourced file's reads
printf 'n1\nn2\nn3\n' > f
echo 'read s; echo "sourced=$s"' > s.sh
{ read a; . ./s.sh; cat; } < f
## STDOUT:
sourced=n2
n3
## END

#### read -n 1 reads one character at a time
printf 'xyz\n' | { read -n 1 a; read -n 1 b; echo "$a$b"; cat; }
## STDOUT:
xy
z
## END

#### read with IFS= keeps leading spaces and leaves the rest
printf '  sp\nnext\n' | { IFS= read -r x; echo "[$x]"; cat; }
## STDOUT:
[  sp]
next
## END

#### read of CRLF lines keeps the CR
printf 'a\r\nb\r\n' | { read x; printf '%s' "$x" | od -c | head -1 | tr -s ' '; cat | od -c | head -1 | tr -s ' '; }
## STDOUT:
0000000 a \r
0000000 b \r \n
## END

#### read from /dev/null returns 1
read x < /dev/null
echo "status=$?"
## stdout: status=1

#### read -d with a multi-character argument uses the first
printf 'a;b,c\n' | { read -d ';,' x; echo "x=$x"; cat; }
## STDOUT:
x=a
b,c
## END

#### read -N 0 reads nothing
printf 'keep\n' | { read -N 0 x; echo "x=[$x] $?"; cat; }
## STDOUT:
x=[] 0
keep
## END

#### reading the same file through two descriptors keeps separate offsets
printf '1\n2\n3\n' > f
{ read a <&3; read b <&4; echo "$a $b"; } 3< f 4< f
## stdout: 1 1
