# A prompt's escapes through ${x@P}, which decodes a value as bash decodes PS1 (bash 5.2). The
# interactive prompt itself is tested on a real terminal (test/pty/startup-prompt.test.ts).
# A known difference: Quirl's ${x@P} does not expand parameters or command substitutions in the
# result (bash's promptvars does). The shell's version (\v \V) differs and is not compared here.

#### \w and \W show the directory, with ~ for HOME
cd "$HOME"; w='\w'; W='\W'
echo "${w@P} ${W@P}"
mkdir -p sub/dir && cd sub/dir
echo "${w@P} ${W@P}"
cd /; echo "${w@P} ${W@P}"
## STDOUT:
~ ~
~/sub/dir dir
/ /
## END

#### \w outside HOME is the whole path
mkdir -p d && cd d && w='\w'
[ "${w@P}" = "$PWD" ] && echo whole
## stdout: whole

#### \u is the user, \h the host name up to its first dot, \H all of it
u='\u' h='\h' H='\H'
[ "${u@P}" = "$(id -un)" ] && echo user
[ "${H@P}" = "$(uname -n)" ] && echo host
n=$(uname -n)
[ "${h@P}" = "${n%%.*}" ] && echo short
## STDOUT:
user
host
short
## END

#### \$ is # for root and $ for anyone else
p='\$'
if [ "$(id -u)" = 0 ]; then [ "${p@P}" = '#' ] && echo right; else [ "${p@P}" = '$' ] && echo right; fi
## stdout: right

#### \\ \n \a \e \r and octal \nnn
p='a\\b\nc\ad\ee\rf\101\060'
printf '%s' "${p@P}" | od -An -c | tr -s ' '
## stdout:  a \ b \n c \a d 033 e \r f A 0

#### \[ and \] take nothing in ${x@P}
p='\[\e[1m\]bold\[\e[0m\]'
printf '%s' "${p@P}" | od -An -c | tr -s ' '
## stdout:  033 [ 1 m b o l d 033 [ 0 m

#### a backslash before anything else stays as written
p='\q\z \ x'
echo "${p@P}"
## stdout: \q\z \ x

#### \t \T \A \@ and \d have their shapes
p='\t|\T|\A|\@|\d'
case "${p@P}" in
  [0-2][0-9]:[0-5][0-9]:[0-5][0-9]'|'[01][0-9]:[0-5][0-9]:[0-5][0-9]'|'[0-2][0-9]:[0-5][0-9]'|'[01][0-9]:[0-5][0-9]' '[AP]M'|'[A-Z][a-z][a-z]' '[A-Z][a-z][a-z]' '[0-3][0-9]) echo shaped ;;
  *) echo "not: ${p@P}" ;;
esac
## stdout: shaped

#### \D{format} is strftime's
p='\D{%Y}|\D{%m}|\D{%%}'
case "${p@P}" in
  [0-9][0-9][0-9][0-9]'|'[01][0-9]'|%') echo shaped ;;
  *) echo "not: ${p@P}" ;;
esac
## stdout: shaped

#### \! in a shell that keeps no history
p='\!'
echo "${p@P}"
## stdout: 1

#### \# counts the commands a script has run
p='\#'
echo "${p@P}"
## stdout: 2

#### \# counts top-level commands: a line's list is one, a function's body and a subshell add none
p='\#'
echo "${p@P}"; echo "${p@P}"
if true; then echo "${p@P}"; fi
f() { echo "f ${p@P}"; }
f
(echo "${p@P}")
echo "$(echo "${p@P}")"
eval 'echo "${p@P}"'
$SH -c 'p="\#"; echo "c ${p@P}"'
## STDOUT:
2
2
3
f 5
6
7
8
c 0
## END

#### \s is the shell's own name, not the script's
p='\s'
echo "${p@P}"
## stdout: bash
## OK quirl stdout: quirl

#### \j counts the jobs
p='\j'
echo "${p@P}"
sleep 1 & pid=$!
echo "${p@P}"
wait "$pid"
## STDOUT:
0
1
## END

#### \j counts every job, in a command substitution too, until it is waited for
p='\j'
sleep 1 & a=$!
sleep 1 & b=$!
echo "${p@P}"
echo "$(echo "${p@P}")"
wait "$a" "$b"
echo "${p@P}"
## STDOUT:
2
2
0
## END

#### the result is expanded as promptvars does
x=value p='[$x]'
echo "${p@P}"
## stdout: [value]
## BUG quirl stdout: [$x]

#### ${x@P} of an unset variable is empty
unset p
echo "<${p@P}>"
## stdout: <>

#### an unterminated \D{ takes the rest of the prompt as its format
p='at \D{%Y'
case "${p@P}" in
  'at '[0-9][0-9][0-9][0-9]) echo shaped ;;
  *) echo "not: ${p@P}" ;;
esac
## stdout: shaped

#### an octal escape that makes a NUL is dropped (\000, and \400 past a byte)
p='a\000b\400c\101'
echo "${p@P}"
## stdout: abcA
