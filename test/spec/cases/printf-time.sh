# printf's %(FORMAT)T: seconds since the epoch through strftime(3) in the C locale; -1 or no
# argument is now, -2 the shell's start; an exported TZ (or a prefix assignment) is the zone.

#### dates and times in UTC
export TZ=UTC
printf '%(%Y-%m-%d %H:%M:%S)T\n' 1000000000
printf '%(%F %T %Z %z)T\n' 86400
printf '%(%a %A %b %B %c)T\n' 1000000000
printf '%(%D|%x|%X|%r|%R|%p|%P|%e|%k|%l|%j|%C|%y|%s)T\n' 1000000000
## STDOUT:
2001-09-09 01:46:40
1970-01-02 00:00:00 UTC +0000
Sun Sunday Sep September Sun Sep  9 01:46:40 2001
09/09/01|09/09/01|01:46:40|01:46:40 AM|01:46|AM|am| 9| 1| 1|252|20|01|1000000000
## END

#### week numbers across year ends
export TZ=UTC
for t in 1230681600 1293753600 1609459199 1704067200 951782400; do
  printf '%(%F %U %W %V %G %g %u %w)T\n' "$t"
done
## STDOUT:
2008-12-31 52 52 01 2009 09 3 3
2010-12-31 52 52 52 2010 10 5 5
2020-12-31 52 52 53 2020 20 4 4
2024-01-01 00 01 01 2024 24 1 1
2000-02-29 09 09 09 2000 00 2 2
## END

#### glibc's flags and widths
export TZ=UTC
printf '[%(%_5H|%-d|%^a|%#b|%#Z|%^B|%#p|%10Y|%-5d|%05e|%_3j|%3%|%-j|%_m)T]\n' 1000000000
## STDOUT:
[    1|9|SUN|SEP|utc|SEPTEMBER|am|0000002001|    9|00009|252|  %|252| 9]
## END

#### unknown conversions and misplaced E/O modifiers are printed as written
export TZ=UTC
printf '%(%Q %:z %Ey %Oy %Ox)T\n' 0
## STDOUT:
%Q %:z 70 70 %Ox
## END

#### zones: names, POSIX offsets, a prefix assignment; an unexported TZ is not used
TZ=Asia/Tokyo printf '%(%T %Z %z)T\n' 0
TZ=JST-9 printf '%(%T %Z %z)T\n' 0
TZ='<+0330>-3:30' printf '%(%T %Z %z)T\n' 0
TZ=America/New_York printf '%(%c %Z %z)T\n' 0 15000000
TZ=EST5EDT printf '%(%Z)T\n' 15000000
TZ=Europe/Berlin; printf '%(%Z)T\n' 0
export TZ; printf '%(%Z)T\n' 0
## STDOUT:
09:00:00 JST +0900
09:00:00 JST +0900
03:30:00 +0330 +0330
Wed Dec 31 19:00:00 1969 EST -0500
Tue Jun 23 10:40:00 1970 EDT -0400
EDT
UTC
CET
## END

#### width, precision and left adjustment apply to the result as to %s
export TZ=UTC
printf '[%-12(%F)T][%12.4(%F)T]\n' 0 0
## STDOUT:
[1970-01-01  ][        1970]
## END

#### -1 and no argument are now, -2 is the shell's start; an empty format is %X
export TZ=UTC
now=$(date +%s)
printf -v a '%(%s)T' -1
printf -v b '%(%s)T'
printf -v c '%(%s)T' -2
[ $((a - now)) -le 5 ] && [ $((b - now)) -le 5 ] && [ "$c" -le "$a" ] && [ $((a - c)) -le 30 ] && echo times ok
printf '%()T\n' 3600
## STDOUT:
times ok
01:00:00
## END

#### an empty argument is 0; a bad one is an error
export TZ=UTC
printf '%(%s)T\n' ''
printf '%(%s)T\n' abc 2>/dev/null; echo "status=$?"
## STDOUT:
0
0
status=1
## END

#### a %( not closed by )T is printed as written, with a warning
printf 'x%(%Y' 2>/dev/null; echo
printf 'x%(%Y' 2>&1 >/dev/null | grep -c 'invalid time format specification'
## STDOUT:
x%(
1
## END

#### printf -v keeps the result, and a result longer than bash's buffer is empty
export TZ=UTC
printf -v v '%(%F)T' 86400; echo "$v"
printf '[%(%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y)T]\n' 0
## STDOUT:
1970-01-02
[]
## END

#### a width on %z: glibc pads it twice over; Quirl pads it once, as a number
export TZ=UTC
printf '[%(%10z)T]\n' 0
## stdout: [         +0000000000]
## OK quirl stdout: [+000000000]
