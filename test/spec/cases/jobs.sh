# jobs, and job specs (%N) for kill and wait, in a script (job control off). The format of `jobs`
# is bash's. dash without job control cannot signal %N jobs, so it is not compared.
## compare_shells: zsh

#### jobs lists a running background job
sleep 100 &
jobs
kill %1
wait
## stdout: [1]+  Running                 sleep 100 &
## OK zsh stdout: [1]  + running    sleep 100

#### jobs marks the current job + and the previous one -
sleep 100 &
sleep 101 &
jobs
kill %1 %2
wait
## STDOUT:
[1]-  Running                 sleep 100 &
[2]+  Running                 sleep 101 &
## END
## OK zsh STDOUT:
[1]  - running    sleep 100
[2]  + running    sleep 101
## END

#### jobs shows a background pipeline's whole text
sleep 100 | cat &
jobs
kill %1
wait
## stdout: [1]+  Running                 sleep 100 | cat &
## OK zsh STDOUT:
[1]  + running    sleep 100 | 
       running    cat
## END

#### a job that has been waited for is no longer listed
sleep 100 &
kill %1
wait
jobs
echo "[$(jobs)] end"
## stdout: [] end

#### jobs with no jobs prints nothing
jobs
echo "status=$?"
## stdout: status=0

#### kill %N signals job N and no other
sleep 100 & p1=$!
sleep 100 & p2=$!
kill -9 %2
wait $p2
echo "status=$?"
jobs
kill %1
wait $p1
echo "status=$?"
## STDOUT:
status=137
[1]+  Running                 sleep 100 &
status=143
## END
## OK zsh STDOUT:
status=137
[1]  + running    sleep 100
status=143
## END
# wait %N is not used on a job that may already have ended: bash forgets such a job at a moment
# that depends on timing, and then says "no such job" (status 127); wait PID has no such race

#### kill %N signals every process of a background pipeline
sleep 100 | sleep 101 &
kill %1
wait
echo ended
## stdout: ended

#### wait %N waits for job N to end
sh -c 'sleep 1; echo written-at-the-end > f' &
wait %1
cat f
## stdout: written-at-the-end

#### a job spec for no such job fails
kill %9 2>/dev/null
echo "kill=$?"
wait %9 2>/dev/null
echo "wait=$?"
## STDOUT:
kill=1
wait=127
## END

#### job numbers are reused once the table is empty
sleep 100 &
kill %1
wait
sleep 100 &
jobs
kill %1
wait
## stdout: [1]+  Running                 sleep 100 &
## OK zsh stdout: [1]  + running    sleep 100

#### jobs in a pipeline still lists the shell's jobs (bash)
sleep 100 &
jobs | cat
kill %1
wait
## stdout: [1]+  Running                 sleep 100 &
## OK zsh stdout-json: ""
