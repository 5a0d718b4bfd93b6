# break [N] and continue [N]: leave or restart the Nth enclosing loop; N larger than the depth
# means the outermost; their status is 0; outside a loop they do nothing (bash: a message, 0).
## compare_shells: dash zsh

#### break leaves the innermost loop
for i in 1 2; do for j in a b c; do [ $j = b ] && break; echo $i$j; done; done
## STDOUT:
1a
2a
## END

#### continue restarts the innermost loop
for i in 1 2; do for j in a b c; do [ $j = b ] && continue; echo $i$j; done; done
## STDOUT:
1a
1c
2a
2c
## END

#### break 2 leaves two loops
for i in 1 2; do for j in a b; do [ $j = b ] && break 2; echo $i$j; done; done
echo after
## STDOUT:
1a
after
## END

#### continue 2 restarts the outer loop
for i in 1 2 3; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; echo never; done
## STDOUT:
1a
2a
3a
## END

#### break 3 across three nested loops
for a in 1 2; do for b in 1 2; do for c in 1 2; do echo $a$b$c; break 3; done; done; done
echo out
## STDOUT:
111
out
## END

#### continue 3 across three nested loops
for a in 1 2; do for b in x y; do for c in p q; do echo $a$b$c; continue 3; done; done; done
## STDOUT:
1xp
2xp
## END

#### break N larger than the nesting leaves all loops
for i in 1 2; do for j in 1 2; do echo $i$j; break 10; done; done
echo after
## STDOUT:
11
after
## END

#### continue N larger than the nesting continues the outermost
for i in 1 2; do for j in 1 2; do echo $i$j; continue 10; done; done
## STDOUT:
11
21
## END

#### break in a while condition
i=0
while i=$((i+1)); [ $i -gt 2 ] && break; true; do echo $i; done
echo "after i=$i"
## STDOUT:
1
2
after i=3
## END

#### continue in a while condition re-runs the condition
i=0
while i=$((i+1)); [ $i -lt 3 ] && continue; [ $i -lt 5 ]; do echo "body $i"; done
echo "i=$i"
## STDOUT:
body 3
body 4
i=5
## END

#### break in an until condition
n=0
until n=$((n+1)); [ $n = 3 ] && break; false; do echo $n; done
echo "n=$n"
## STDOUT:
1
2
n=3
## END

#### break in the inner loop's condition
for i in 1 2; do while break; do echo never; done; echo "outer $i"; done
## STDOUT:
outer 1
outer 2
## END

#### break 2 in an inner loop's condition
for i in 1 2; do while break 2; do :; done; echo never; done
echo done
## stdout: done

#### break status is 0
for i in 1; do false; break; done
echo "status=$?"
## stdout: status=0

#### continue status is 0 and the loop's status is the last body run
for i in 1 2; do false; continue; done
echo "status=$?"
## stdout: status=0

#### the loop status after continue on the last pass
for i in 1 2; do sh -c 'exit 3'; [ $i = 2 ] && continue; done
echo "status=$?"
## stdout: status=0

#### break outside a loop does nothing and returns 0
break 2>/dev/null
echo "status=$?"
## stdout: status=0

#### continue outside a loop does nothing and returns 0
continue 2>/dev/null
echo "status=$?"
## stdout: status=0

#### break outside a loop says so on stderr
break 2>&1 | grep -c 'only meaningful'
## stdout: 1

#### break 0 is an error that leaves the loop with status 1
for i in 1 2; do break 0; echo "i=$i"; done 2>/dev/null
echo "status=$?"
## stdout: status=1

#### continue 0 is an error that leaves the loop with status 1
for i in 1 2; do continue 0; echo "i=$i"; done 2>/dev/null
echo "status=$?"
## stdout: status=1

#### break with a non-numeric argument ends a script with status 128
echo before
for i in 1 2; do break x; echo "i=$i"; done 2>/dev/null
echo not-reached
## stdout: before
## status: 128

#### continue with a non-numeric argument ends a script with status 128
echo before
for i in 1 2; do continue x; echo "i=$i"; done 2>/dev/null
echo not-reached
## stdout: before
## status: 128

#### break -1 leaves every loop with status 1
for i in 1 2; do for j in 1 2; do break -1; echo "j=$j"; done; echo "i=$i"; done 2>/dev/null
echo "status=$?"
## stdout: status=1

#### break with too many arguments
for i in 1 2; do break 1 2; echo "i=$i"; done 2>/dev/null
echo "status=$?"
## stdout: status=1

#### break in a while loop in a for loop
for i in 1 2; do n=0; while true; do n=$((n+1)); [ $n = 2 ] && break; echo "$i.$n"; done; done
## STDOUT:
1.1
2.1
## END

#### break 2 from while inside for
for i in 1 2; do while true; do echo $i; break 2; done; done
echo out
## STDOUT:
1
out
## END

#### continue 2 from while inside for
for i in 1 2 3; do while true; do echo $i; continue 2; done; done
## STDOUT:
1
2
3
## END

#### break inside case inside a loop
for i in 1 2 3; do case $i in 2) break;; esac; echo $i; done
## stdout: 1

#### break inside if inside a loop
i=0
while true; do i=$((i+1)); if [ $i = 3 ]; then break; fi; echo $i; done
## STDOUT:
1
2
## END

#### break inside a brace group inside a loop
for i in 1 2 3; do { echo $i; break; }; done
## stdout: 1

#### break inside && list
for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done
## stdout: 1

#### a subshell is outside the loop: break there only complains
for i in 1 2; do (break; echo "sub $i") 2>/dev/null; echo "loop $i"; done
## STDOUT:
sub 1
loop 1
sub 2
loop 2
## END

#### break 2 in a loop inside a subshell leaves only the subshell's loop
for i in 1 2; do (for j in 1; do break 2; done; echo in-sub); echo $i; done
## STDOUT:
in-sub
1
in-sub
2
## END

#### break inside a command substitution ends the substitution
for i in 1 2; do x=$(break; echo sub); echo "$i [$x]"; done
## STDOUT:
1 []
2 []
## END

#### break in a subshell in a loop body's pipeline
for i in 1 2; do echo x | while read l; do break; done; echo "loop $i"; done
## STDOUT:
loop 1
loop 2
## END

#### a loop inside a function, break inside it
f() { for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done; echo "f done"; }
f
## STDOUT:
1
f done
## END

#### break in for (( ))
for ((i = 0; i < 10; i++)); do [ $i = 2 ] && break; echo $i; done
echo "i=$i"
## STDOUT:
0
1
i=2
## END

#### continue in for (( )) runs the step
for ((i = 0; i < 4; i++)); do [ $i = 1 ] && continue; echo $i; done
## STDOUT:
0
2
3
## END

#### continue 2 in nested for (( ))
for ((i = 0; i < 2; i++)); do for ((j = 0; j < 3; j++)); do [ $j = 1 ] && continue 2; echo $i$j; done; done
## STDOUT:
00
10
## END

#### break from a loop reading a file stops reading
printf '1\n2\n3\n' > f
while read l; do [ $l = 2 ] && break; echo $l; done < f
echo after
## STDOUT:
1
after
## END

#### break leaves the loop variable at its value
for i in a b c; do [ $i = b ] && break; done
echo "i=$i"
## stdout: i=b

#### break N with N from a variable
n=2
for i in 1 2; do for j in 1 2; do echo $i$j; break $n; done; done
## stdout: 11

#### continue in until
i=0
until [ $i -ge 4 ]; do i=$((i+1)); [ $((i % 2)) = 0 ] && continue; echo $i; done
## STDOUT:
1
3
## END

#### break from eval inside a loop
for i in 1 2 3; do eval '[ $i = 2 ] && break'; echo $i; done
## stdout: 1

#### break from a sourced file inside a loop
echo 'break' > brk.sh
for i in 1 2; do echo $i; . ./brk.sh; done
echo after
## STDOUT:
1
after
## END

#### a loop after break continues with the next command on the line
for i in 1; do break; done; echo next-on-line
## stdout: next-on-line

#### break inside the loop of a command substitution
r=$(for i in 1 2 3; do [ $i = 3 ] && break; printf $i; done)
echo "r=$r"
## stdout: r=12

#### break inside a background loop
for i in 1 2 3; do [ $i = 2 ] && break; echo bg$i; done &
wait
echo waited
## STDOUT:
bg1
waited
## END
