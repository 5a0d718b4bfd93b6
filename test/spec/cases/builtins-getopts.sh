# getopts (issue 13): POSIX option parsing, silent mode, OPTIND and OPTARG.

#### getopts walks the options, then ends with ? and status 1
set -- -a -b
while getopts ab o; do echo "o=$o OPTIND=$OPTIND"; done
echo "end o=$o OPTIND=$OPTIND status=$?"
## STDOUT:
o=a OPTIND=2
o=b OPTIND=3
end o=? OPTIND=3 status=0
## END

#### an option with an argument in the next word
set -- -f file rest
getopts f: o
echo "o=$o OPTARG=$OPTARG OPTIND=$OPTIND"
## stdout: o=f OPTARG=file OPTIND=3

#### an option with its argument in the same word
set -- -ffile rest
getopts f: o
echo "o=$o OPTARG=$OPTARG OPTIND=$OPTIND"
## stdout: o=f OPTARG=file OPTIND=2

#### grouped options are taken one per call; OPTIND moves past the word at its end
set -- -ab c
getopts ab o; echo "$o $OPTIND"
getopts ab o; echo "$o $OPTIND"
getopts ab o; echo "status=$? $o $OPTIND"
## STDOUT:
a 1
b 2
status=1 ? 2
## END

#### grouped options with an argument last
set -- -abfx y
getopts abf: o; echo "$o"
getopts abf: o; echo "$o"
getopts abf: o; echo "$o $OPTARG $OPTIND"
## STDOUT:
a
b
f x 2
## END

#### an unknown option: ? and a message, OPTARG unset
set -- -x
getopts ab o 2>err
echo "status=$? o=$o OPTARG=${OPTARG-unset}"
sed 's/^[^ ]*: //' err
## STDOUT:
status=0 o=? OPTARG=unset
illegal option -- x
## END

#### silent mode: an unknown option puts it in OPTARG, no message
set -- -x
getopts :ab o 2>err
echo "status=$? o=$o OPTARG=$OPTARG"
wc -c < err
## STDOUT:
status=0 o=? OPTARG=x
0
## END

#### a missing argument: ? and a message
set -- -f
getopts f: o 2>err
echo "status=$? o=$o OPTARG=${OPTARG-unset}"
sed 's/^[^ ]*: //' err
## STDOUT:
status=0 o=? OPTARG=unset
option requires an argument -- f
## END

#### silent mode: a missing argument gives : and the option in OPTARG
set -- -f
getopts :f: o
echo "status=$? o=$o OPTARG=$OPTARG"
## stdout: status=0 o=: OPTARG=f

#### -- ends the options and is skipped
set -- -a -- -b
while getopts ab o; do echo "o=$o"; done
echo "OPTIND=$OPTIND next=${!OPTIND}"
## STDOUT:
o=a
OPTIND=3 next=-b
## END

#### a word without a dash ends the options
set -- -a file -b
while getopts ab o; do echo "o=$o"; done
echo "OPTIND=$OPTIND"
## STDOUT:
o=a
OPTIND=2
## END

#### a lone dash is an operand
set -- - -a
getopts a o
echo "status=$? OPTIND=$OPTIND"
## stdout: status=1 OPTIND=1

#### the arguments after NAME are parsed instead of the positional parameters
set -- -z
getopts ab o -b
echo "o=$o OPTIND=$OPTIND"
## stdout: o=b OPTIND=2

#### setting OPTIND=1 starts over
set -- -a -b
getopts ab o; getopts ab o
echo "$o"
OPTIND=1
getopts ab o
echo "$o $OPTIND"
## STDOUT:
b
a 2
## END

#### OPTERR=0 silences the messages
set -- -x
OPTERR=0
getopts a o 2>err
echo "o=$o"
wc -c < err
## STDOUT:
o=?
0
## END

#### getopts in a function parses the function's arguments
f() {
  local OPTIND o
  while getopts v: o; do echo "v=$OPTARG"; done
  shift $((OPTIND - 1))
  echo "rest=$*"
}
f -v 1 -v2 a b
## STDOUT:
v=1
v=2
rest=a b
## END

#### getopts with no arguments at all: usage and status 2
getopts 2>err
echo "status=$?"
cat err
## STDOUT:
status=2
getopts: usage: getopts optstring name [arg ...]
## END

#### getopts with a bad variable name
getopts a 1x -a 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
getopts: `1x': not a valid identifier
## END

#### no arguments left: status 1, ? in NAME
set --
getopts a o
echo "status=$? o=$o OPTIND=$OPTIND"
## stdout: status=1 o=? OPTIND=1

#### a colon is never an option letter
set -- -:
getopts :a: o
echo "o=$o OPTARG=$OPTARG"
## stdout: o=? OPTARG=:

#### the option letters may be digits
set -- -1 -2
getopts 12 o; echo $o
getopts 12 o; echo $o
## STDOUT:
1
2
## END
