# What a program the shell starts finds in its environment after each kind of change to the
# exported variables: a program runs before and after each change, so that an environment the
# shell kept from an earlier command would show.

#### assigning to an exported variable
export A=1; printenv A; A=2; printenv A; A+=3; printenv A
## STDOUT:
1
2
23
## END

#### export of a variable set before
B=1; printenv B || echo none; export B; printenv B
## STDOUT:
none
1
## END

#### export NAME=value of a new name
printenv B2 || echo none; export B2=v; printenv B2
## STDOUT:
none
v
## END

#### export -n
export C=1; printenv C; export -n C; printenv C || echo none; echo "$C"
## STDOUT:
1
none
1
## END

#### unset, then assigned again
export D=1; printenv D; unset D; printenv D || echo none; D=2; printenv D || echo none
## STDOUT:
1
none
none
## END

#### declare -x and declare +x
declare -x W=1; printenv W; declare +x W; printenv W || echo none; declare -x W; printenv W
## STDOUT:
1
none
1
## END

#### a local shadowing an exported name, and the return
export E=outer; f() { local E=inner; printenv E; }; printenv E; f; printenv E
## STDOUT:
outer
inner
outer
## END

#### a local without a value assigned later
export V=1; printenv V; f() { local V; V=in; printenv V; }; f; printenv V
## STDOUT:
1
in
1
## END

#### local -x of a name not exported
f() { local -x F=in; printenv F; }; printenv F || echo none; f; printenv F || echo none
## STDOUT:
none
in
none
## END

#### declare -x in a function is local to it
f() { declare -x R=in; printenv R; }; printenv R || echo none; f; printenv R || echo none
## STDOUT:
none
in
none
## END

#### unset of a caller's local shows the global it shadowed
export X=g; f() { local X=l; printenv X; g; }; g() { unset X; printenv X || echo none; }; f; printenv X
## STDOUT:
l
g
g
## END

#### export inside a function of a local
export Q=g; printenv Q; f() { local Q=l; export Q; printenv Q; }; f; printenv Q
## STDOUT:
g
l
g
## END

#### prefix assignments last one command
export G=1; printenv G; G=2 printenv G; printenv G; H=pre printenv H; printenv H || echo none
## STDOUT:
1
2
1
pre
none
## END

#### a prefix assignment to a builtin that starts a program
export U=1; printenv U; U=2 eval 'printenv U'; printenv U
## STDOUT:
1
2
1
## END

#### subshells change their own copy
export H=1; printenv H; ( H=2; printenv H ); printenv H; ( export -n H; printenv H || echo none ); printenv H; echo $(H=3; printenv H); printenv H
## STDOUT:
1
2
1
none
1
3
1
## END

#### set -a exports what is assigned
set -a; I=1; printenv I; I=2; printenv I; set +a; J=1; printenv J || echo none; I=3; printenv I
## STDOUT:
1
2
none
3
## END

#### namerefs assign, export and unset what they name
export K=1; declare -n r=K; printenv K; r=2; printenv K; declare -n r2=L; L=1; printenv L || echo none; export r2; printenv L; unset r; printenv K || echo none
## STDOUT:
1
2
none
1
none
## END

#### attributes that change an exported value
declare -ix N=1+1; printenv N; N+=3; printenv N; declare -lx M=ABC; printenv M; M=XyZ; printenv M
## STDOUT:
2
5
abc
xyz
## END

#### arithmetic assigns an exported integer
declare -ix Z=1; printenv Z; (( Z += 4 )); printenv Z; let Z++; printenv Z; : $(( Z = 9 )); printenv Z
## STDOUT:
1
5
6
9
## END

#### an exported variable made an array is not exported
export P=1; printenv P; P=(a b); printenv P || echo none; unset P; P=3; printenv P || echo none
## STDOUT:
1
none
none
## END

#### read and for assign an exported variable
export S=1; printenv S; read S <<< two; printenv S; for S in a b; do printenv S; done
## STDOUT:
1
two
a
b
## END

#### cd changes PWD
cd /; printenv PWD; cd /tmp; printenv PWD
## STDOUT:
/
/tmp
## END

#### exported functions, redefined and no longer exported (the last grep finds none: status 1)
f() { echo one; }; env | grep -c '^BASH_FUNC_f%%'; export -f f; env | grep -c '^BASH_FUNC_f%%'; f() { echo two; }; "$SH" -c f; export -nf f; env | grep -c '^BASH_FUNC_f%%'
## STDOUT:
0
1
two
0
## END
## status: 1

#### readonly keeps an exported value
export Y=1; printenv Y; readonly Y; printenv Y
## STDOUT:
1
1
## END

#### an exported function unset, another exported
f() { echo one; }; export -f f; "$SH" -c f; unset -f f; env | grep -c '^BASH_FUNC_f%%'; g() { echo g; }; export -f g; "$SH" -c g
## STDOUT:
one
0
g
## END

#### a function unset and defined again is not exported again (the grep finds none: status 1)
f() { :; }; export -f f; unset -f f; f() { echo new; }; env | grep -c '^BASH_FUNC_f%%'
## stdout: 0
## status: 1

#### OLDPWD is exported unset from the start: the first cd hands it on
declare -p OLDPWD
cd /
printenv OLDPWD | sed "s#^$OLDPWD\$#the directory before#"
## STDOUT:
declare -x OLDPWD
the directory before
## END

#### a local with no value hands on the variable it hides
export V=1
f() { local V; printenv V || echo none; echo "own: ${V-unset}"; }
f
g() { local V=2; unset V; printenv V || echo none; }
g
## STDOUT:
1
own: unset
1
## END

#### an unexported local hands on the exported variable it hides
export V=1
f() { local V=7; export -n V; printenv V || echo none; echo "own: $V"; }
f
h() { local +x V; printenv V || echo none; }
h
## STDOUT:
1
own: 7
1
## END

#### a local with no value in a nested call hands on the caller's local
export V=1
outer() { local V=2; inner; printenv V; }
inner() { local V; printenv V; unset V; V=6; printenv V; }
outer
## STDOUT:
2
2
2
## END

#### an exported array local hides what it hides from children
export V=1
f() { local -a V=(a b); printenv V || echo none; }
f
printenv V
## STDOUT:
none
1
## END

#### each command finds its own path in _, as bash sets it
/usr/bin/env | grep '^_='
PATH=/usr/bin:$PATH
env | grep '^_='
cat > tool <<'END'
#!/usr/bin/env bash
echo "$_"
END
chmod +x tool
./tool
(./tool) | cat
## STDOUT:
_=/usr/bin/env
_=/usr/bin/env
./tool
./tool
## END
