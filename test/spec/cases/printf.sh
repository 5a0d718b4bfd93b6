# printf: the builtin, with bash 5.2's conversions, escapes, argument reuse and statuses.
# The runner's locale is C (LC_ALL=C). Messages are compared with the shell's prefix cut off.

#### printf is a builtin
type printf
## stdout: printf is a shell builtin

#### plain text and no newline of its own
printf hello
printf ' world\n'
## stdout: hello world

#### format escapes
printf 'a\tb\\c\n'
printf '\101\x42\103|\0101\n'
## STDOUT:
a	b\c
ABC|1
## END

#### %% is a percent sign
printf '100%%\n'
## stdout: 100%

#### %s with width, precision and left justification
printf '[%5s][%-5s][%.2s][%5.1s]\n' ab ab abc xyz
## stdout: [   ab][ab   ][ab][    x]

#### the format is reused while arguments remain
printf '%s\n' a b c
printf '%s=%s ' x 1 y 2 z
echo
## STDOUT:
a
b
c
x=1 y=2 z= 
## END

#### a format without conversions is printed once
printf 'once\n' a b c
## stdout: once

#### missing arguments are empty or zero
printf '[%s][%d][%.1f]\n'
## stdout: [][0][0.0]

#### %d and %i with C's number forms
printf '%d %i %d %d %d\n' 42 -7 0x1F 010 "'A"
## stdout: 42 -7 31 8 65

#### integer flags and precision
printf '[%05d][%-5d][%+d][% d][%.3d][%.0d]\n' -42 7 5 5 7 0
## stdout: [-0042][7    ][+5][ 5][007][]

#### %o %u %x %X and the # flag
printf '%o %u %x %X %#o %#x %#X\n' 8 42 255 255 8 255 255
## stdout: 10 42 ff FF 010 0xff 0XFF

#### negative numbers as unsigned are 64-bit
printf '%u %x %o\n' -1 -1 -1
## stdout: 18446744073709551615 ffffffffffffffff 1777777777777777777777

#### 64-bit limits
printf '%d %d\n' 9223372036854775807 -9223372036854775808
## stdout: 9223372036854775807 -9223372036854775808

#### overflow clamps and warns but succeeds
printf '%d\n' 9223372036854775808 2>/dev/null; echo $?
printf '%d\n' 9223372036854775808 2>&1 >/dev/null | sed 's/.*printf: //'
## STDOUT:
9223372036854775807
0
warning: 9223372036854775808: Numerical result out of range
## END

#### an invalid number prints what was read, continues, and fails
printf '%d|' 12abc 5 2>/dev/null; echo " status=$?"
## stdout: 12|5| status=1

#### the invalid number messages
printf '%d' x 2>&1 >/dev/null | sed 's/.*printf: //'
printf '%d' 09 2>&1 >/dev/null | sed 's/.*printf: //'
printf '%d' 0xz 2>&1 >/dev/null | sed 's/.*printf: //'
## STDOUT:
x: invalid number
09: invalid octal number
0xz: invalid hex number
## END

#### * takes the width and precision from the arguments
printf '[%*d][%-*s][%.*f][%*s]\n' 5 1 4 ab 2 3.14159 -3 z
## stdout: [    1][ab  ][3.14][z  ]

#### %c prints the first character
printf '%c%c%c\n' hello world x
## stdout: hwx

#### %f %e %g
printf '%f %.2f %e %g %g %g\n' 3.14159 2.675 12345.678 100000 1000000 0.0001
## stdout: 3.141590 2.67 1.234568e+04 100000 1e+06 0.0001

#### rounding is to nearest even on exact halves
printf '%.0f %.0f %.0f %.0f %.2f\n' 0.5 1.5 2.5 3.5 0.125
## stdout: 0 2 2 4 0.12

#### long double precision
printf '%.20f %.25g\n' 0.1 0.1
## stdout: 0.10000000000000000000 0.1000000000000000000013553

#### %E %G %F and the # flag for floats
printf '%E %G %F %#g %#.0f\n' 0.000123 1e-5 1.5 1 2
## stdout: 1.230000E-04 1E-05 1.500000 1.00000 2.

#### %a and %A print long double hex
printf '%a %a %A %.1a\n' 1 0.5 255 1.03125
## stdout: 0x8p-3 0x8p-4 0XF.FP+4 0x8.4p-3

#### inf and nan
printf '%f %F %e %5g|%-5f|\n' inf -inf nan infinity nan
## stdout: inf -INF nan   inf|nan  |

#### floats from hex and character arguments
printf '%g %g %.1f\n' 0x10 0x1.8p1 "'a"
## stdout: 16 3 97.0

#### %b expands escapes in its argument
printf '%b|%b|%b\n' 'a\tb' '\0101\101' 'x\\y'
## stdout: a	b|AA|x\y

#### %b \c stops all output
printf '%b%s\n' 'one\ctwo' three; echo " status=$?"
## stdout: one status=0

#### %q quotes for reuse
printf '%q ' 'a b' "it's" '' '~x' '#c' 'a=b' '*' '$v'
echo
## stdout: a\ b it\'s '' \~x \#c a=b \* \$v 

#### %q uses $'...' for unprintable characters
printf '%q\n' "$(printf 'a\tb')" "$(printf 'x\001')"
## STDOUT:
$'a\tb'
$'x\001'
## END

#### %q output reads back as the same word
v="it's a \$test *"
q=$(printf '%q' "$v")
w=$(sh -c "printf %s $q")
[ "$w" = "$v" ] && echo same
## stdout: same

#### %n stores the bytes written so far
printf 'abc%n|%s\n' n x
## stdout: abc|x

#### -v assigns instead of printing
printf -v out '%s-%03d' a 7
echo "[$out]"
## stdout: [a-007]

#### -v with a reused format
printf -v out '%s,' a b c
echo "$out"
## stdout: a,b,c,

#### -v with an invalid name
printf -v 1x hi; echo "status=$?"
## stdout: status=2

#### -- ends the options
printf -- '-%s-\n' x
## stdout: -x-

#### an unknown option is a usage error
printf -z x 2>/dev/null; echo "status=$?"
printf -z 2>&1 | sed 's/.*printf: -z/printf: -z/'
## STDOUT:
status=2
printf: -z: invalid option
printf: usage: printf [-v var] format [arguments]
## END

#### no format is a usage error
printf 2>/dev/null; echo "status=$?"
## stdout: status=2

#### an invalid conversion stops with status 1
printf 'a%yb\n' 2>/dev/null; echo " status=$?"
printf '%y' 2>&1 | sed 's/.*printf: //'
## STDOUT:
a status=1
`y': invalid format character
## END

#### a missing conversion character
printf 'x%' 2>/dev/null; echo " status=$?"
printf 'x%5' 2>&1 >/dev/null | sed 's/.*printf: //'
## STDOUT:
x status=1
`%5': missing format character
## END

#### length modifiers are accepted and ignored
printf '%ld %lld %hd %jd %zu %Lf\n' 1 2 3 4 5 1.5
## stdout: 1 2 3 4 5 1.500000

#### \u in the C locale stays an escape
printf '\u00e9 \u41\n'
## stdout: \u00E9 A

#### printf in a pipeline and a substitution
printf '%s\n' b a c | sort | tr '\n' ' '
echo "[$(printf '%05.1f' 3.14159)]"
## STDOUT:
a b c [003.1]
## END

#### echo -e escapes match bash
echo -e 'a\tb\0101\101|\x41|\c' tail; echo
echo -e '\e[0m' | od -An -c | tr -s ' '
## STDOUT:
a	bA\101|A|
 033 [ 0 m \n
## END

#### every diagnostic of one call says where it is, in a pipeline too
printf '%d %x %s %d\n' 1a 0xg ok 2.5 2>&1 >/dev/null | sed 's/^[^:]*: line \([0-9]*\): /line \1: /'
{ printf '%i' a b; } 2>&1 >/dev/null | sed 's/^[^:]*: line \([0-9]*\): /line \1: /'
printf '%d' c d 2>/dev/null; echo "status $?"
## STDOUT:
line 1: printf: 1a: invalid number
line 1: printf: 0xg: invalid hex number
line 1: printf: 2.5: invalid number
line 2: printf: a: invalid number
line 2: printf: b: invalid number
00status 1
## END
