# umask, ulimit and times (issue 13). ulimit's limits are for children: the last cases check what
# a child gets.

#### umask prints the mask in four octal digits
umask 022
umask
## stdout: 0022

#### umask -S prints it symbolically
umask 027
umask -S
## stdout: u=rwx,g=rx,o=

#### umask -p prints a command that sets it back
umask 022
umask -p
umask -p -S
## STDOUT:
umask 0022
umask -S u=rwx,g=rx,o=rx
## END

#### a new file gets 0666 less the mask
umask 077
rm -f f
: > f
ls -l f | cut -c1-10
## stdout: -rw-------

#### a program started after umask gets the mask
umask 027
sh -c umask
## stdout: 0027

#### umask with a symbolic mode
umask 022
umask u=rwx,g=rx,o=
umask
## stdout: 0027

#### umask g-r takes read from the group
umask 022
umask g-r
umask
## stdout: 0062

#### umask +w gives write to everyone
umask 022
umask +w
umask
## stdout: 0000

#### umask a=rx,u+w
umask 000
umask a=rx,u+w
umask -S
## stdout: u=rwx,g=rx,o=rx

#### umask = takes everything away
umask 022
umask =
umask
## stdout: 0777

#### umask 0 and 777 symbolically
umask 0
umask -S
umask 777
umask -S
## STDOUT:
u=rwx,g=rwx,o=rwx
u=,g=,o=
## END

#### a mode beyond 777 keeps its low bits
umask 1777
umask
## stdout: 0777

#### umask with a digit that is not octal
umask 022
umask 8 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
umask
## STDOUT:
status=1
umask: 8: octal number out of range
0022
## END

#### umask with a bad symbolic character
umask 022
umask u=rwq 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
umask
## STDOUT:
status=1
umask: `q': invalid symbolic mode character
0022
## END

#### umask with a bad operator
umask abc 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
umask: `b': invalid symbolic mode operator
## END

#### umask with a bad option
umask -x 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
umask: -x: invalid option
umask: usage: umask [-p] [-S] [mode]
## END

#### umask -S with a mode sets it and prints it
umask -S 077
umask
## STDOUT:
u=rwx,g=,o=
0077
## END

#### ulimit -n prints the limit, and a child sees it
ulimit -n 64
ulimit -n
sh -c 'ulimit -n'
## STDOUT:
64
64
## END

#### ulimit -S changes only the soft limit
ulimit -n 100
ulimit -Sn 50
ulimit -Sn
ulimit -Hn
sh -c 'ulimit -Sn; ulimit -Hn'
## STDOUT:
50
100
50
100
## END

#### a soft limit above the hard one is refused
ulimit -n 100
ulimit -Sn 200 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
ulimit: open files: cannot modify limit: Invalid argument
## END

#### a lowered hard limit cannot be raised again
ulimit -n 100
ulimit -n 200 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
ulimit -n
## STDOUT:
status=1
ulimit: open files: cannot modify limit: Operation not permitted
100
## END

#### ulimit hard and soft as values
ulimit -Sn 10
ulimit -Sn hard
[ "$(ulimit -Sn)" = "$(ulimit -Hn)" ] && echo same
## stdout: same

#### ulimit -c in blocks, for children
ulimit -c 10
ulimit -c
sh -c 'ulimit -c'
## STDOUT:
10
20
## END

#### ulimit with no option is -f
ulimit 100
ulimit
ulimit -f
sh -c 'ulimit -f'
## STDOUT:
100
100
200
## END

#### ulimit -s and -v for a child only
ulimit -s 4096
ulimit -v 500000
sh -c 'ulimit -s; ulimit -v'
## STDOUT:
4096
500000
## END

#### ulimit -t stops a child that spins
ulimit -t 1
sh -c 'while :; do :; done'
echo "status=$?"
## stdout: status=137

#### ulimit -f: a child writing past it gets SIGXFSZ
ulimit -f 1
sh -c 'head -c 4096 /dev/zero > big'
echo "status=$?"
wc -c < big
## STDOUT:
status=153
1024
## END

#### ulimit -u is max user processes
ulimit -u 50000 2>/dev/null
ulimit -u | grep -q . && echo shown
## stdout: shown

#### several resources print with their descriptions
ulimit -n 64
ulimit -c 0
ulimit -n -c
## STDOUT:
open files                          (-n) 64
core file size              (blocks, -c) 0
## END

#### ulimit -a lists every resource
ulimit -a | grep -c .
ulimit -n 64
ulimit -a | grep 'open files'
## STDOUT:
17
open files                          (-n) 64
## END

#### ulimit -p cannot be changed
ulimit -p 10 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
ulimit: pipe size: cannot modify limit: Invalid argument
## END

#### ulimit with a bad number
ulimit -n abc 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=1
ulimit: abc: invalid number
## END

#### ulimit with a bad option
ulimit -y 2>err
echo "status=$?"
sed 's/^.*line [0-9]*: //' err
## STDOUT:
status=2
ulimit: -y: invalid option
ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]
## END

#### times prints two lines of two times
times | sed 's/[0-9]/N/g'
## STDOUT:
NmN.NNNs NmN.NNNs
NmN.NNNs NmN.NNNs
## END

#### times counts the children waited for
sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'
times > t
sed -n 2p t | grep -q '^0m0.000s 0m0.000s$' || echo counted
## stdout: counted

#### ulimit -v is for children: the shell itself goes on working
ulimit -v 200000
x=$(echo inner)
echo "$x"
for i in 1 2 3; do y="$y$i"; done
echo "$y"
sh -c 'ulimit -v'
## STDOUT:
inner
123
200000
## END

#### umask in a subshell, a command substitution, a pipeline stage or a process substitution stays there
umask 022
x=$(umask 0)
umask
(umask 0)
umask
echo | umask 0
umask
cat <(umask 0)
umask
## STDOUT:
0022
0022
0022
0022
## END

#### a file a subshell creates after umask 077 gets its mask, and the shell's files keep the shell's
umask 022
rm -f inner outer touched
(umask 077; : > inner; touch touched)
: > outer
stat -c '%a %n' inner touched outer
## STDOUT:
600 inner
600 touched
644 outer
## END

#### two builtin stages of a pipeline with different masks create files at the same time
umask 022
rm -f a1 a2 b1 b2
{ umask 077; for i in 1 2; do : > a$i; done; } | { umask 0; for i in 1 2; do : > b$i; done; }
stat -c '%a %n' a1 a2 b1 b2
umask
## STDOUT:
600 a1
600 a2
666 b1
666 b2
0022
## END

#### a program a subshell starts gets the subshell's mask, the next one the shell's
umask 022
(umask 027; sh -c umask)
sh -c umask
## STDOUT:
0027
0022
## END

#### ulimit in a subshell stays there, and its programs get it
ulimit -Sn 200
(ulimit -Sn 100; ulimit -Sn; sh -c 'ulimit -Sn')
ulimit -Sn
sh -c 'ulimit -Sn'
## STDOUT:
100
100
200
200
## END
