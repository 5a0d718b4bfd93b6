# bash's select: the menu and PS3 on stderr (shown here with 2>&1), the answer read from stdin
# into REPLY, NAME set to the item it numbers; the end of input ends the loop with status 1.

#### select sets NAME and REPLY from the line read
select x in a b "c d"; do echo "[$x] [$REPLY]"; break; done 2>&1 <<< 2
## STDOUT:
1) a
2) b
3) c d
#? [b] [2]
## END

#### an answer that numbers no item leaves NAME empty; the menu is not shown again after the body
printf '%s\n' 0 x 4 '+1' ' 3 ' 2x 99999999999999999999 | {
  select x in a b c; do echo "[$x] [$REPLY]"; done 2>&1
  echo "status=$?"
}
## STDOUT:
1) a
2) b
3) c
#? [] [0]
#? [] [x]
#? [] [4]
#? [a] [+1]
#? [c] [ 3 ]
#? [] [2x]
#? [] [99999999999999999999]
#? 
status=1
## END

#### an empty line shows the menu again without running the body
printf '\n\n2\n' | { select x in a b; do echo "got $x"; break; done 2>&1; }
## STDOUT:
1) a
2) b
#? 1) a
2) b
#? 1) a
2) b
#? got b
## END

#### the end of input ends select with status 1 and a newline on stdout
select x in a b; do echo "got $x"; done < /dev/null 2>/dev/null
echo "status=$?"
## STDOUT:

status=1
## END

#### an answer without a newline at the end of input is not taken
printf 1 | { select x in a b; do echo "got $x"; done 2>/dev/null; echo "status=$?"; }
## STDOUT:

status=1
## END

#### PS3 is the prompt
PS3='pick> '
select x in a b; do echo "got $x"; break; done 2>&1 <<< 1
## STDOUT:
1) a
2) b
pick> got a
## END

#### without `in`, select offers the positional parameters
set -- p 'q r'
select x; do echo "got $x"; break; done 2>&1 <<< 2
## STDOUT:
1) p
2) q r
#? got q r
## END

#### an empty list runs nothing, status 0
false
select x in; do echo never; done
echo "status=$?"
## stdout: status=0

#### the body's REPLY decides whether the menu comes back
printf '1\n2\n' | { select x in a b; do echo "got $x"; REPLY=; done 2>&1; }
## STDOUT:
1) a
2) b
#? got a
1) a
2) b
#? got b
1) a
2) b
#? 
## END
## status: 1

#### break and continue act on select
printf '1\n2\n1\n' | {
  for round in 1 2; do
    select x in a b; do
      [ "$x" = a ] && continue
      echo "round $round: $x"; break 2
    done 2>/dev/null
  done
  echo "status=$?"
}
## STDOUT:
round 1: b
status=0
## END

#### the status is the body's last when break ends it
select x in a; do false; break; done 2>/dev/null <<< 1
echo "status=$?"
## stdout: status=0

#### a brace group may stand for do ... done
select x in a b; { echo "got $x"; break; } 2>/dev/null <<< 2
## stdout: got b

#### COLUMNS sets how many columns the menu takes, filled down each column
COLUMNS=40
select x in $(seq 1 30); do break; done 2>&1 <<< 1
COLUMNS=80
select x in $(seq 1 12) twelve-letters; do break; done 2>&1 <<< 1
## stdout-json: "1) 1\t 7) 7\t13) 13\t19) 19\t25) 25\n2) 2\t 8) 8\t14) 14\t20) 20\t26) 26\n3) 3\t 9) 9\t15) 15\t21) 21\t27) 27\n4) 4\t10) 10\t16) 16\t22) 22\t28) 28\n5) 5\t11) 11\t17) 17\t23) 23\t29) 29\n6) 6\t12) 12\t18) 18\t24) 24\t30) 30\n#? 1) 1\t\t     5) 5\t\t 9) 9\t\t    13) twelve-letters\n2) 2\t\t     6) 6\t\t10) 10\n3) 3\t\t     7) 7\t\t11) 11\n4) 4\t\t     8) 8\t\t12) 12\n#? "

#### a narrow COLUMNS gives one item a line, longer items wider columns
COLUMNS=10
select x in a b c d; do break; done 2>&1 <<< 1
COLUMNS=30
select x in alpha beta gamma delta epsilon; do break; done 2>&1 <<< 1
## stdout-json: "1) a\n2) b\n3) c\n4) d\n#? 1) alpha    4) delta\n2) beta\t    5) epsilon\n3) gamma\n#? "

#### an invalid name is an error of the loop, status 1
select 1x in a; do echo never; done 2>/dev/null <<< 1
echo "status=$?"
## stdout: status=1

#### select in a function, printed by declare -f and read back
f() { select x in "$@"; do echo "got $x"; break; done 2>/dev/null; }
saved=$(declare -f f)
unset -f f
eval "$saved"
f a b <<< 2
## stdout: got b

#### LINES does not shape the menu, and a COLUMNS that is no number counts as 80
LINES=2 COLUMNS=80
select x in $(seq 1 12); do break; done 2>&1 <<< 1
COLUMNS=wide
select x in $(seq 1 12); do break; done 2>&1 <<< 1
## stdout-json: "1) 1\t 3) 3\t 5) 5\t 7) 7\t 9) 9\t11) 11\n2) 2\t 4) 4\t 6) 6\t 8) 8\t10) 10\t12) 12\n#? 1) 1\t 3) 3\t 5) 5\t 7) 7\t 9) 9\t11) 11\n2) 2\t 4) 4\t 6) 6\t 8) 8\t10) 10\t12) 12\n#? "

#### the DEBUG trap runs once before select, which BASH_COMMAND names by its head
printf '1\n1\n' > answers
trap 'echo "debug: $BASH_COMMAND"' DEBUG
select x in a "b c"; do echo body; done 2>/dev/null < answers
trap - DEBUG
## STDOUT:
debug: select x in a "b c"
debug: echo body
body
debug: echo body
body

debug: trap - DEBUG
## END

#### declare -f prints a select loop
f() { select x in a b; do break; done; }
declare -f f
## STDOUT:
f () 
{ 
    select x in a b;
    do
        break;
    done
}
## END
