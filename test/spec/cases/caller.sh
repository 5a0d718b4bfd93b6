# caller [N]: where the running function or sourced file was called from, read off bash's
# FUNCNAME / BASH_SOURCE / BASH_LINENO stacks ("LINE FILE", or "LINE FUNC FILE" for frame N).
# The script's path varies, so cases print it as "script".

#### caller in functions: line and file, then frame by frame (show's own frame first)
show() { local out; out=$("$@"); echo "${out//$0/script} ($?)"; }
f() { g; }
g() {
  show caller
  show caller 0
  show caller 1
  show caller 2
  show caller 3
}
f
## STDOUT:
4 script (0)
5 g script (0)
2 f script (0)
10 main script (0)
 (1)
## END

#### caller at a script's top level: bash's "0 NULL", and no frame 0
caller; echo "status=$?"
caller 0; echo "status=$?"
## STDOUT:
0 NULL
status=0
status=1
## END

#### caller in a sourced file and a function it defines
printf '%s\n' 'echo "in lib: $(caller) / $(caller 0)"' 'libf() { caller 0; caller 1; }' 'libf' > lib.sh
h() { . ./lib.sh; }
out=$(h); echo "${out//$0/script}"
## STDOUT:
in lib: 2 script / 2 h script
3 source ./lib.sh
2 h script
## END

#### caller under -c: no main frame, so frame 0 of a function at the top is status 1
$SH -c 'f() { caller; caller 0; echo "status=$?"; }
f; caller; echo "top=$?"'
## STDOUT:
2 NULL
status=1
top=1
## END

#### caller under -c in a sourced file
printf '%s\n' 'g() { caller; caller 0; caller 1; echo "status=$?"; }' 'g' > lib.sh
$SH -c '. ./lib.sh'
## STDOUT:
2 ./lib.sh
2 source ./lib.sh
status=1
## END

#### caller with a bad frame number or option: usage, status 2
f() { caller x; echo "status=$?"; caller -1; echo "status=$?"; caller ' 1 '; echo "status=$?"; }
f 2>/dev/null
## STDOUT:
status=2
status=2
status=1
## END

#### a bad number's message
f() { caller x 2>&1 | sed 's/^.*caller:/caller:/'; }
f
## STDOUT:
caller: x: invalid number
caller: usage: caller [expr]
## END

#### a function defined under -c is from bash's "environment"
$SH -c 'f() { g; }; g() { caller 0; }; f'
## STDOUT:
1 f environment
## END
