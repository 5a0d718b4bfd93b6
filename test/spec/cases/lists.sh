# Lists: `;` and newlines, `&&` and `||` (left to right, equal precedence).
## compare_shells: dash zsh

#### ; and newline run commands in sequence
echo a; echo b
echo c
## STDOUT:
a
b
c
## END

#### a trailing ; is allowed
echo a;
## stdout: a

#### && runs the right side only after success
true && echo ran
false && echo not-run
echo end
## STDOUT:
ran
end
## END

#### || runs the right side only after failure
false || echo ran
true || echo not-run
echo end
## STDOUT:
ran
end
## END

#### && and || have equal precedence, left to right
false && echo a || echo b
true || echo c && echo d
false || false && echo e; echo "status=$?"
## STDOUT:
b
d
status=1
## END

#### the status of an and-or list is that of the last command run
true && false; echo $?
false && true; echo $?
false || true; echo $?
true || false; echo $?
## STDOUT:
1
1
0
0
## END

#### the right side of || sees the left side's status in $?
sh -c 'exit 5' || echo "left was $?"
## stdout: left was 5

#### a long chain short-circuits at the first failure
true && echo 1 && false && echo 2 && echo 3
echo "status=$?"
## STDOUT:
1
status=1
## END

#### an and-or list continues on the next line after && or ||
true &&
echo after-and
false ||
echo after-or
## STDOUT:
after-and
after-or
## END

#### a failure does not stop the script
false
nosuch_command_xyz 2>/dev/null
echo still-running
## stdout: still-running

#### pipelines inside an and-or list
echo a | grep -q a && echo found | tr a-z A-Z
echo a | grep -q b || echo missing | tr a-z A-Z
## STDOUT:
FOUND
MISSING
## END
