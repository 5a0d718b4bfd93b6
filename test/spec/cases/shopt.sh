# shopt: -s -u -p -q -o, bash's names, and the glob and match options it changes.

#### shopt NAME lists it
shopt dotglob
## stdout: dotglob        	off
## status: 1

#### shopt -s then lists on
shopt -s dotglob
shopt dotglob
## stdout: dotglob        	on

#### shopt -u turns it off
shopt -s nullglob
shopt -u nullglob
shopt -p nullglob
## stdout: shopt -u nullglob
## status: 1

#### shopt -p prints commands
shopt -s extglob
shopt -p extglob nullglob
## STDOUT:
shopt -s extglob
shopt -u nullglob
## END
## status: 1

#### the status says whether all named are on
shopt -s dotglob nullglob
shopt -q dotglob nullglob
echo $?
## stdout: 0

#### shopt -q is quiet
shopt -q dotglob
echo $?
## stdout: 1

#### an unknown name is status 1
shopt -s nosuch 2>/dev/null
echo $?
## stdout: 1

#### an unknown name does not stop the rest
shopt -s nosuch dotglob 2>/dev/null
shopt -q dotglob && echo on
## stdout: on

#### an invalid option is status 2
shopt -z 2>/dev/null
echo $?
## stdout: 2

#### -s and -u together are refused
shopt -su dotglob 2>/dev/null
echo $?
## stdout: 1

#### shopt -s lists the options on
shopt -s | head -2
## STDOUT:
checkwinsize   	on
cmdhist        	on
## END

#### shopt -o works on set's options
shopt -so pipefail
set -o | grep pipefail
shopt -po errexit
## STDOUT:
pipefail       	on
set +o errexit
## END
## status: 1

#### shopt -qo
set -e
shopt -qo errexit && echo on
## stdout: on

#### shopt -o with a bad name
shopt -o nosuch 2>/dev/null
echo $?
## stdout: 1

#### shopt -p reads back
shopt -s dotglob
saved=$(shopt -p dotglob)
shopt -u dotglob
eval "$saved"
shopt -q dotglob && echo restored
## stdout: restored

#### nullglob drops a pattern that matches nothing
shopt -s nullglob
argv nomatch* x
## stdout: <x>

#### nullglob leaves a quoted word
shopt -s nullglob
argv 'a*' x
## stdout: <a*> <x>

#### failglob fails the command and abandons its line; the next line runs
shopt -s failglob
echo nomatch*; echo same line
echo next $?
## stdout: next 1

#### failglob: a match is fine
touch a1
shopt -s failglob
echo a*
## stdout: a1

#### dotglob matches hidden names
touch .h v
shopt -s dotglob
echo *
## stdout: .h v

#### dotglob never matches . and ..
mkdir d; touch d/.h
shopt -s dotglob
echo d/*
## stdout: d/.h

#### nocaseglob ignores case
touch A.TXT b.txt
shopt -s nocaseglob
echo *.txt
## stdout: A.TXT b.txt

#### globstar ** matches any depth
mkdir -p d/e; touch top.txt d/x.txt d/e/y.txt
shopt -s globstar
echo **/*.txt
## stdout: d/e/y.txt d/x.txt top.txt

#### globstar ** alone lists everything
mkdir -p d/e; touch d/e/y
shopt -s globstar
echo **
## stdout: d d/e d/e/y

#### without globstar ** is *
mkdir -p d/e; touch d/x.txt d/e/y.txt
echo **/*.txt
## stdout: d/x.txt

#### globstar dir/** includes the dir
mkdir -p d/e; touch d/e/y
shopt -s globstar
echo d/**
## stdout: d/ d/e d/e/y

#### nocasematch in case
shopt -s nocasematch
case ABC in abc) echo match;; esac
## stdout: match

#### nocasematch in [[ ==
shopt -s nocasematch
[[ ABC == a* ]] && echo match
## stdout: match

#### nocasematch in pattern substitution, not in trimming or case changes
shopt -s nocasematch
x=ABC.def
echo ${x/b/z} ${x//[A-B]/_} ${x/#a/z} ${x/%F/z} ${x/c.D*/z}
echo ${x#*c} ${x%%.D*} ${x^^d} ${x,,a}
shopt -u nocasematch
echo ${x/b/z}
## STDOUT:
AzC.def __C.def zBC.def ABC.dez ABz
ABC.def ABC.def ABC.Def ABC.def
ABC.def
## END

#### nocasematch off
case ABC in abc) echo match;; *) echo no;; esac
## stdout: no

#### shopt options are copied into subshells
shopt -s dotglob
(shopt -q dotglob && echo on)
## stdout: on

#### a subshell's shopt stays in it
(shopt -s dotglob)
shopt -q dotglob || echo off
## stdout: off

#### shopt -s login_shell is taken and changes nothing: it says how the shell started
shopt -s login_shell
echo status=$?
shopt login_shell
## STDOUT:
status=0
login_shell    	off
## END
## status: 1
