# case WORD in PATTERN) list ;; ... esac: the first matching pattern's list runs; patterns are
# globs; ;& falls through, ;;& tests the next patterns; the status is the list's, or 0.
## compare_shells: dash zsh

#### a literal pattern matches
case abc in abc) echo matched;; esac
## stdout: matched

#### the first matching item wins
case a in a) echo first;; a) echo second;; esac
## stdout: first

#### no match runs nothing, status 0
false
case x in a) echo a;; b) echo b;; esac
echo "status=$?"
## stdout: status=0

#### * matches anything
case anything in a) echo a;; *) echo default;; esac
## stdout: default

#### alternatives with |
for w in a b c; do case $w in a|b) echo "$w:ab";; *) echo "$w:other";; esac; done
## STDOUT:
a:ab
b:ab
c:other
## END

#### glob patterns: ? and brackets
for w in ax bx c1 zz; do case $w in ?x) echo "$w q";; [a-c][0-9]) echo "$w br";; *) echo "$w none";; esac; done
## STDOUT:
ax q
bx q
c1 br
zz none
## END

#### a negated bracket
case b in [!a]) echo not-a;; esac
## stdout: not-a

#### the status is the last command of the matched list
case a in a) false;; esac; echo $?
case a in a) sh -c 'exit 6';; esac; echo $?
## STDOUT:
1
6
## END

#### an empty list in an item: status 0
false
case a in a) ;; esac
echo "status=$?"
## stdout: status=0

#### the subject is expanded without splitting
v="a b"
case $v in "a b") echo whole;; *) echo split;; esac
## stdout: whole

#### the subject is not globbed
touch file1
case * in '*') echo literal-star;; *) echo other;; esac
## stdout: literal-star

#### patterns are expanded: variables in patterns
p=hel
case hello in ${p}lo) echo var-pattern;; esac
## stdout: var-pattern

#### a quoted pattern character matches only itself
case 'a*' in "a*") echo quoted;; esac
case ab in "a*") echo no;; *) echo star-quoted-not-glob;; esac
## STDOUT:
quoted
star-quoted-not-glob
## END

#### a pattern from a variable is a glob unless quoted
p='a*'
case abc in $p) echo unquoted-glob;; esac
case abc in "$p") echo no;; *) echo quoted-literal;; esac
## STDOUT:
unquoted-glob
quoted-literal
## END

#### backslash escapes a pattern character
case '*' in \*) echo escaped-star;; esac
case x in \*) echo no;; *) echo no-match;; esac
## STDOUT:
escaped-star
no-match
## END

#### the optional open parenthesis
case b in (a) echo a;; (b) echo b;; esac
## stdout: b

#### the last item may omit ;;
case z in a) echo a;; z) echo last-no-semis
esac
## stdout: last-no-semis

#### ;& falls through to the next list
case a in a) echo one;& b) echo two;& c) echo three;; d) echo four;; esac
## STDOUT:
one
two
three
## END

#### ;;& tests the remaining patterns
case abc in a*) echo starts-a;;& *b*) echo has-b;;& x*) echo no;; *c) echo ends-c;; esac
## STDOUT:
starts-a
has-b
ends-c
## END

#### multi-line case
case $1 in
  start)
    echo starting
    ;;
  *)
    echo "default"
    ;;
esac
## stdout: default

#### newlines before in and between items
case x
in
x) echo x-matched
;;
esac
## stdout: x-matched

#### case with command substitution subject
case $(echo hi) in hi) echo from-subst;; esac
## stdout: from-subst

#### case in a for loop
for f in a.txt b.sh c; do
  case $f in
    *.txt) echo "$f text";;
    *.sh) echo "$f script";;
    *) echo "$f unknown";;
  esac
done
## STDOUT:
a.txt text
b.sh script
c unknown
## END

#### case keywords as words
echo case in esac
## stdout: case in esac

#### case with an empty subject
e=
case $e in '') echo empty;; *) echo nonempty;; esac
## stdout: empty

#### an empty pattern matches the empty string only
case "" in "") echo empty-pattern;; esac
case x in "") echo no;; *) echo x-not-empty;; esac
## STDOUT:
empty-pattern
x-not-empty
## END

#### case output piped
case a in a) echo lower;; esac | tr a-z A-Z
## stdout: LOWER

#### case output redirected
case a in a) echo to-file;; esac > f
cat f
## stdout: to-file

#### case in $( )
r=$(case 2 in 1) echo one;; 2) echo two;; esac)
echo "r=$r"
## stdout: r=two

#### nested case
case a in
  a) case b in b) echo inner-b;; esac;;
esac
## stdout: inner-b

#### case with break inside a loop
for i in 1 2 3; do case $i in 2) break;; esac; echo $i; done
## stdout: 1

#### case with continue inside a loop
for i in 1 2 3; do case $i in 2) continue;; esac; echo $i; done
## STDOUT:
1
3
## END

#### the pattern list is not evaluated once a pattern matched
case a in a|$(echo side >&2)) echo ok;; esac 2>&1
## stdout: ok

#### patterns are tried in order and expanded lazily
case b in $(echo a; echo >&2 first) | b) echo b;; $(echo >&2 never)) ;; esac 2>&1
## STDOUT:
first
b
## END

#### character classes in patterns
for c in a 1 ' '; do case $c in [[:alpha:]]) echo "alpha";; [[:digit:]]) echo digit;; [[:space:]]) echo space;; esac; done
## STDOUT:
alpha
digit
space
## END

#### a pattern with a slash matches like any character
case a/b in a/*) echo slash;; esac
## stdout: slash

#### a leading dot is matched by *
case .hidden in *) echo dot-star;; esac
## stdout: dot-star

#### case without items
case a in esac
echo "status=$?"
## stdout: status=0

#### a variable set in a case body persists
case x in x) y=inside;; esac
echo "y=$y"
## stdout: y=inside

#### missing esac is a syntax error
$SH -c 'case a in a) echo a;;' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### missing in is a syntax error
$SH -c 'case a a) echo a;; esac' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### ;; outside case is a syntax error
$SH -c 'echo a;; echo b' 2>/dev/null
echo "status=$?"
## stdout: status=2

#### esac as a pattern needs parentheses or quoting
case esac in (esac) echo esac-word;; esac
## stdout: esac-word

#### in as a subject
case in in in) echo in-in;; esac
## stdout: in-in

#### case in a function with positional arguments
f() { case $1 in -v) echo verbose;; -*) echo "option $1";; *) echo "arg $1";; esac; }
f -v; f -x; f file
## STDOUT:
verbose
option -x
arg file
## END

#### the case status when the list is a failing pipeline
case a in a) true | false;; esac
echo $?
## stdout: 1

#### case with a here-document in an item
case a in a) cat <<EOF
heredoc in case
EOF
;; esac
## stdout: heredoc in case

#### case fallthrough ;& runs the next body without testing it
case a in a) echo a;& zzz) echo zzz-body;; esac
## STDOUT:
a
zzz-body
## END
