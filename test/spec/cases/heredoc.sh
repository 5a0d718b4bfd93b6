# Here-documents: <<WORD and <<-WORD; a quoted delimiter leaves the body literal, an unquoted one
# expands $, ` and \ in it; several on one line are read in order; they work in pipelines,
# compound commands, functions and $( ).
## compare_shells: dash zsh

#### a here-document feeds stdin
cat <<EOF
line one
line two
EOF
## STDOUT:
line one
line two
## END

#### parameters are expanded in the body
name=world
cat <<EOF
hello $name
EOF
## stdout: hello world

#### command substitution in the body
cat <<EOF
sum $(echo 1 2)
back `echo tick`
EOF
## STDOUT:
sum 1 2
back tick
## END

#### arithmetic expansion in the body
cat <<EOF
$((2 + 3))
EOF
## stdout: 5

#### a quoted delimiter leaves the body literal
x=1
cat <<'EOF'
$x $(echo no) `echo no` \$x
EOF
## stdout: $x $(echo no) `echo no` \$x

#### a double-quoted delimiter leaves the body literal
x=1
cat <<"EOF"
$x \t
EOF
## stdout: $x \t

#### a partly quoted delimiter is quoted
x=1
cat <<E"O"F
$x
EOF
## stdout: $x

#### a backslash-quoted delimiter is quoted
x=1
cat <<\EOF
$x
EOF
## stdout: $x

#### backslash in an unquoted body escapes $ ` and \ only
cat <<EOF
\$x \`y\` \\ \a \"q\"
EOF
## stdout: $x `y` \ \a \"q\"

#### backslash-newline joins lines in an unquoted body
cat <<EOF
one \
two
EOF
## stdout: one two

#### backslash-newline stays in a quoted body
cat <<'EOF'
one \
two
EOF
## STDOUT:
one \
two
## END

#### double quotes in the body are literal
x=v
cat <<EOF
"$x" '$x'
EOF
## stdout: "v" 'v'

#### the body is not field-split or globbed
touch a1 a2
v="a   b"
cat <<EOF
$v a*
EOF
## stdout: a   b a*

#### <<- strips leading tabs from the body and the delimiter
cat <<-EOF
	tab-indented
		two tabs
	EOF
## STDOUT:
tab-indented
two tabs
## END

#### <<- does not strip leading spaces
cat <<-EOF
  spaces stay
EOF
## STDOUT:
  spaces stay
## END

#### the delimiter must be alone on its line
cat <<EOF
EOF not the end
 EOF
EOF
## STDOUT:
EOF not the end
 EOF
## END

#### an empty here-document
cat <<EOF
EOF
echo "after"
## stdout: after

#### two here-documents on one line are read in order
cat <<A; cat <<B
from a
A
from b
B
## STDOUT:
from a
from b
## END

#### two here-documents for one command: the last one wins for stdin
cat <<A <<B
first
A
second
B
## stdout: second

#### here-documents on different descriptors
{ cat; cat <&3; } <<A 3<<B
fd0
A
fd3
B
## STDOUT:
fd0
fd3
## END

#### a here-document in a pipeline
cat <<EOF | tr a-z A-Z
shout
EOF
## stdout: SHOUT

#### a here-document on a later pipeline stage
echo ignored | cat <<EOF
from heredoc
EOF
## stdout: from heredoc

#### <<- in a pipeline with a tab-indented body
cat <<-EOF | tr a-z A-Z
	indented body
	EOF
## stdout: INDENTED BODY

#### a here-document to a while read loop
while read a b; do echo "$b $a"; done <<EOF
1 2
3 4
EOF
## STDOUT:
2 1
4 3
## END

#### a here-document inside if
if true; then
  cat <<EOF
inside if
EOF
fi
## stdout: inside if

#### a here-document inside a for loop is read each pass
for i in 1 2; do
  cat <<EOF
pass $i
EOF
done
## STDOUT:
pass 1
pass 2
## END

#### a here-document inside a function
f() {
  cat <<EOF
arg=$1
EOF
}
f first; f second
## STDOUT:
arg=first
arg=second
## END

#### a here-document on a brace group
{ read a; echo "a=$a"; cat; } <<EOF
one
two
EOF
## STDOUT:
a=one
two
## END

#### a here-document inside $( )
r=$(cat <<EOF
captured
EOF
)
echo "r=$r"
## stdout: r=captured

#### a here-document inside $( ) on one line with the close
r=$(cat <<EOF
inner
EOF
); echo "[$r]"
## stdout: [inner]

#### a here-document in a subshell
(cat <<EOF
in subshell
EOF
)
## stdout: in subshell

#### a here-document in a case item
case x in
  x) cat <<EOF
in case
EOF
  ;;
esac
## stdout: in case

#### a here-document followed by more commands on the same line
cat <<EOF; echo same-line
body
EOF
## STDOUT:
body
same-line
## END

#### a here-document with && on the same line
cat <<EOF && echo and-ran
body
EOF
## STDOUT:
body
and-ran
## END

#### the delimiter may be any word
cat <<END_OF_TEXT
custom delimiter
END_OF_TEXT
## stdout: custom delimiter

#### a delimiter with a dash in it
cat <<-x-y
	text
	x-y
## stdout: text

#### a here-document with no final newline before the end of the file is still read
cat <<EOF
last line
EOF
## stdout: last line

#### a missing delimiter: the body runs to the end of the script
cat <<EOF
line a
line b
## STDOUT:
line a
line b
## END

#### special parameters in the body
set -- p1 p2
cat <<EOF
$# $1 $@
EOF
## stdout: 2 p1 p1 p2

#### a here-document into a command that ignores stdin
echo ignores <<EOF
body
EOF
## stdout: ignores

#### a here-document redirected to another descriptor
cat 3<<EOF <&3
via fd 3
EOF
## stdout: via fd 3

#### a large here-document
{ i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done; } > gen
{ echo 'cat <<EOF'; cat gen; echo EOF; } > big.sh
. ./big.sh | wc -l
## stdout: 2000

#### a here-document body containing the delimiter as part of a line
cat <<EOF
xEOF
EOFx
EOF
## STDOUT:
xEOF
EOFx
## END

#### a here-document with quotes in the delimiter word, unquoted in use
cat <<'my delim'
text
my delim
## stdout: text

#### a here-document in eval
eval 'cat <<EOF
from eval
EOF'
## stdout: from eval

#### a here-document's variables are expanded when the command runs
v=early
cat <<EOF
$v
EOF
v=late
## stdout: early

#### a here-document to an external command and a builtin read
read x <<EOF
first
EOF
echo "x=$x"
## stdout: x=first

#### a here-document in the middle of a pipeline of a loop
cat <<EOF | while read l; do echo "<$l>"; done | tr '<>' '[]'
a
b
EOF
## STDOUT:
[a]
[b]
## END

#### here-document and here-string together: the last wins
cat <<EOF <<< string
doc
EOF
## stdout: string

#### ${ } braces in an unquoted body
v=val
cat <<EOF
${v}x
EOF
## stdout: valx

#### a here-document in a nested function and loop
f() { for i in 1; do while read l; do echo "$i:$l"; done <<EOF
nested
EOF
done; }
f
## stdout: 1:nested
