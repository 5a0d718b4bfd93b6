# bash's coproc: NAME (COPROC unless a compound command is named) holds the shell's ends of two
# pipes, [0] to read what the coprocess writes and [1] to write what it reads; NAME_PID its process.
# bash closes NAME's descriptors and unsets it when it reaps an ended coprocess, at a moment that
# depends on timing: every case here keeps its coprocess running (reading its input) until it is
# done with NAME, and waits for the PID it saved.

#### coproc of a simple command: write to it, read from it, close its input, wait
coproc cat
pid=$COPROC_PID
echo hello >&"${COPROC[1]}"
read -u "${COPROC[0]}" line
echo "got $line"
eval "exec ${COPROC[1]}>&-"
wait "$pid"
echo "status=$?"
## STDOUT:
got hello
status=0
## END

#### NAME is an array of two descriptors of 10 or more, NAME_PID a number
coproc cat
pid=$COPROC_PID
echo "${#COPROC[@]} $(( COPROC[0] >= 10 && COPROC[1] >= 10 && COPROC[0] != COPROC[1] )) $(( COPROC_PID > 0 ))"
[ "$pid" = "$!" ] && echo "\$! is the coprocess"
eval "exec ${COPROC[1]}>&-"
wait "$pid"
## STDOUT:
2 1 1
$! is the coprocess
## END

#### a compound command may be named
coproc FOO { read -r x; echo "foo:$x"; cat > /dev/null; }
pid=$FOO_PID
echo bar >&"${FOO[1]}"
read -r -u "${FOO[0]}" reply
echo "$reply"
eval "exec ${FOO[1]}>&-"
wait "$pid"
echo "status=$?"
## STDOUT:
foo:bar
status=0
## END

#### a word before a simple command is the command, and the name is COPROC
coproc sed -u s/a/b/
pid=$COPROC_PID
echo abc >&"${COPROC[1]}"
read -u "${COPROC[0]}" out
echo "$out"
eval "exec ${COPROC[1]}>&-"
wait "$pid"
## stdout: bbc

#### an unnamed compound command is COPROC too; wait gives its status
coproc { cat > /dev/null; exit 3; }
pid=$COPROC_PID
eval "exec ${COPROC[1]}>&-"
wait "$pid"
echo "status=$?"
## stdout: status=3

#### everything the coprocess writes is read up to its end
coproc { cat; echo last; }
pid=$COPROC_PID
exec {out}<&"${COPROC[0]}"
printf '%s\n' one two >&"${COPROC[1]}"
eval "exec ${COPROC[1]}>&-"
cat <&$out
wait "$pid"
## STDOUT:
one
two
last
## END

#### the coprocess runs in a copy of the shell
x=1
coproc C { read -r _; x=2; echo "inside $x"; cat > /dev/null; }
pid=$C_PID
echo go >&"${C[1]}"
read -r -u "${C[0]}" line
echo "$line, outside $x"
eval "exec ${C[1]}>&-"
wait "$pid"
## stdout: inside 2, outside 1

#### the coprocess's redirects apply after its pipes
coproc E { echo to-err >&2; cat > /dev/null; } 2>err.txt
pid=$E_PID
eval "exec ${E[1]}>&-"
wait "$pid"
cat err.txt
## stdout: to-err

#### programs the shell starts do not get its ends of the pipes
coproc cat
pid=$COPROC_PID
ls /proc/self/fd/"${COPROC[0]}" /proc/self/fd/"${COPROC[1]}" > /dev/null 2>&1 || echo "not in programs"
eval "exec ${COPROC[1]}>&-"
wait "$pid"
## stdout: not in programs

#### starting one while another runs warns and goes on
coproc cat
first=$COPROC_PID
exec {first_in}>&"${COPROC[1]}"
eval "exec ${COPROC[1]}>&-"
{ coproc SECOND { cat > /dev/null; echo done; }; } 2> warning.txt
second=$SECOND_PID
# A copy of its output end: bash closes SECOND's own descriptors and unsets SECOND when it reaps
# the coprocess, which may happen before the read.
exec {second_out}<&"${SECOND[0]}"
sed -e 's/.*warning: /warning: /' -e 's/\[[0-9]*:/[PID:/' warning.txt
eval "exec ${SECOND[1]}>&-"
read -r -u "$second_out" said
echo "$said"
exec {second_out}<&-
exec {first_in}>&-
wait "$first" "$second"
## STDOUT:
warning: execute_coproc: coproc [PID:COPROC] still exists
done
## END

#### a coprocess whose command is not found ends with status 127
coproc nosuchcommand 2>/dev/null
echo "started=$?"
# $!, not COPROC_PID: bash unsets COPROC_PID when it reaps the coprocess, which may already have happened.
pid=$!
wait "$pid"
echo "status=$?"
## STDOUT:
started=0
status=127
## END

#### jobs shows a coprocess as bash prints it, with its name
coproc cat
pid=$COPROC_PID
jobs
eval "exec ${COPROC[1]}>&-"
wait "$pid"
## stdout: [1]+  Running                 coproc COPROC cat &

#### no DEBUG trap runs for a coprocess's command
trap 'echo "debug: $BASH_COMMAND"' DEBUG
coproc cat
trap - DEBUG
pid=$COPROC_PID
eval "exec ${COPROC[1]}>&-"
wait "$pid"
## STDOUT:
debug: trap - DEBUG
## END

#### exec {NAME[1]}>&- closes the coprocess's input
coproc cat
pid=$COPROC_PID
exec {out}<&"${COPROC[0]}"
echo line >&"${COPROC[1]}"
exec {COPROC[1]}>&-
cat <&$out
wait "$pid"
echo "status=$?"
## STDOUT:
line
status=0
## END

#### declare -f prints a coproc with its name, COPROC where none was written
f() { coproc cat; coproc C { cat; }; coproc ( cat ); }
declare -f f
## STDOUT:
f () 
{ 
    coproc COPROC cat;
    coproc C { 
        cat
    };
    coproc COPROC ( cat )
}
## END
