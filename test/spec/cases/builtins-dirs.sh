# cd, pwd, pushd, popd, dirs (issue 13). The cwd is a fresh temp dir ("work"), HOME another.

#### cd follows a symlink logically; .. goes back over it
mkdir -p real/inner
ln -s real/inner link
cd link
basename "$PWD"
cd ..
basename "$PWD"
## STDOUT:
link
work
## END

#### pwd -P resolves the symlink, pwd -L does not
mkdir -p real/inner
ln -s real/inner link
cd link
basename "$(pwd -L)"
basename "$(pwd -P)"
basename "$(pwd)"
## STDOUT:
link
inner
link
## END

#### cd -P resolves the symlink
mkdir -p real/inner
ln -s real/inner link
cd -P link
basename "$PWD"
## stdout: inner

#### the last of -L and -P wins
mkdir -p real/inner
ln -s real/inner link
cd -P -L link
basename "$PWD"
## stdout: link

#### cd - goes back and prints where
cd /usr
cd /bin
cd -
echo "$PWD"
## STDOUT:
/usr
/usr
## END

#### cd - with OLDPWD unset
unset OLDPWD
cd - 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
cd: OLDPWD not set
## END

#### cd with HOME unset
unset HOME
cd 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
cd: HOME not set
## END

#### cd to a missing directory
cd /nonexistent_dir 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
cd: /nonexistent_dir: No such file or directory
## END

#### cd to a file
touch file
cd file 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
cd: file: Not a directory
## END

#### cd with too many arguments
cd /usr /bin 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
cd: too many arguments
## END

#### cd with a bad option
cd -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
cd: -x: invalid option
cd: usage: cd [-L|[-P [-e]] [-@]] [dir]
## END

#### cd "" does nothing
cd ""
echo "status=$?"
basename "$PWD"
## STDOUT:
status=0
work
## END

#### cd searches CDPATH and prints where it went
mkdir -p base/target
CDPATH=$PWD/base
out=$PWD/printed
cd target > "$out"
basename "$PWD"
[ "$(cat "$out")" = "$PWD" ] && echo printed
## STDOUT:
target
printed
## END

#### an empty CDPATH entry is the current directory, and that is not printed
mkdir -p here base/here
CDPATH=:$PWD/base
cd here | wc -l
cd here
basename "$(dirname "$PWD")"
## STDOUT:
0
work
## END

#### CDPATH is not searched for ./name
mkdir -p base/target
CDPATH=$PWD/base
cd ./target 2>/dev/null
echo "status=$?"
## stdout: status=1

#### pwd ignores operands
pwd extra >/dev/null
echo "status=$?"
## stdout: status=0

#### pwd with a bad option
pwd -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
pwd: -x: invalid option
pwd: usage: pwd [-LP]
## END

#### pushd pushes and prints the stack
cd /tmp
pushd /usr
pushd /bin
echo "$PWD"
## STDOUT:
/usr /tmp
/bin /usr /tmp
/bin
## END

#### pushd with no operand swaps the top two
cd /tmp
pushd /usr >/dev/null
pushd
echo "$PWD"
## STDOUT:
/tmp /usr
/tmp
## END

#### pushd with no other directory
pushd 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
pushd: no other directory
## END

#### pushd +N rotates the stack
cd /tmp
pushd /usr >/dev/null
pushd /bin >/dev/null
pushd +2
echo "$PWD"
## STDOUT:
/tmp /bin /usr
/tmp
## END

#### pushd -N counts from the right
cd /tmp
pushd /usr >/dev/null
pushd /bin >/dev/null
pushd -0
echo "$PWD"
## STDOUT:
/tmp /bin /usr
/tmp
## END

#### pushd to a missing directory leaves the stack
cd /tmp
pushd /nonexistent_dir 2>/dev/null
echo "status=$?"
dirs
## STDOUT:
status=1
/tmp
## END

#### pushd -n adds without changing directory
cd /tmp
pushd -n /usr
echo "$PWD"
## STDOUT:
/tmp /usr
/tmp
## END

#### popd returns to the previous directory
cd /tmp
pushd /usr >/dev/null
popd
echo "$PWD"
## STDOUT:
/tmp
/tmp
## END

#### popd with an empty stack
popd 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
popd: directory stack empty
## END

#### popd +N removes that entry
cd /tmp
pushd /usr >/dev/null
pushd /bin >/dev/null
popd +1
echo "$PWD"
## STDOUT:
/bin /tmp
/bin
## END

#### popd -n removes the entry below the top, staying
cd /tmp
pushd /usr >/dev/null
popd -n
echo "$PWD"
## STDOUT:
/usr
/usr
## END

#### popd with a bad argument
popd -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
popd: -x: invalid number
popd: usage: popd [-n] [+N | -N]
## END

#### dirs -v numbers the stack, -p prints one per line
cd /tmp
pushd /usr >/dev/null
dirs -v
dirs -p
## STDOUT:
 0  /usr
 1  /tmp
/usr
/tmp
## END

#### dirs abbreviates HOME with ~, dirs -l does not
cd
pushd /tmp >/dev/null
dirs
dirs -l | sed "s#$HOME#HOME#"
## STDOUT:
/tmp ~
/tmp HOME
## END

#### dirs +N and -N print one entry
cd /tmp
pushd /usr >/dev/null
dirs +0
dirs +1
dirs -0
## STDOUT:
/usr
/tmp
/tmp
## END

#### dirs with an index out of range
# The message goes to the case's own directory: in /usr, the other shell's row of this case,
# running at the same time, truncated the same file.
work=$PWD
cd /tmp
pushd /usr >/dev/null
dirs +5 2>"$work/err"
echo "status=$?"
sed 's/^.*line [0-9]*: //' "$work/err"
## STDOUT:
status=1
dirs: 5: directory stack index out of range
## END

#### dirs -c clears the stack
cd /tmp
pushd /usr >/dev/null
pushd /bin >/dev/null
dirs -c
dirs
## stdout: /bin

#### dirs with a bad option
dirs -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
dirs: -x: invalid number
dirs: usage: dirs [-clpv] [+N] [-N]
## END
