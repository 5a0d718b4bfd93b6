# Where a diagnostic says it happened: a script's name it as bash's do, `FILE: line N: `, for
# every kind of failure (here: redirects that cannot be made, in each kind of command).

#### a redirect that fails names the script and line
{ true < missing.txt; } 2>&1 | sed 's/^[^:]*: //'
{ cat < missing.txt; } 2>&1 | sed 's/^[^:]*: //'
{ { echo; } > no/such/dir; } 2>&1 | sed 's/^[^:]*: //'
{ echo x | read -r v < missing.txt; } 2>&1 | sed 's/^[^:]*: //'
## STDOUT:
line 1: missing.txt: No such file or directory
line 2: missing.txt: No such file or directory
line 3: no/such/dir: No such file or directory
line 4: missing.txt: No such file or directory
## END

#### a redirect that fails in a sourced file's function names that file
printf 'f() {\n  cat < missing.txt\n}\n' > lib.sh
. ./lib.sh
f 2>&1
## stdout: ./lib.sh: line 2: missing.txt: No such file or directory
## status: 1

#### a syntax error in a script names the script and line, and quotes the line
printf 'echo before\nfi\n' > bad.sh
$SH ./bad.sh 2>&1
echo "status=$?"
$SH -c 'fi' myname 2>&1
## STDOUT:
before
./bad.sh: line 2: syntax error near unexpected token `fi'
./bad.sh: line 2: `fi'
status=2
myname: -c: line 1: syntax error near unexpected token `fi'
myname: -c: line 1: `fi'
## END
## status: 2
