/**
 * The parser's tables for compound commands, functions, here-documents, `time`, `!` and `|&`:
 * trees as sketches (notation: ../support/syntax-sketch), then every incomplete form (the
 * interactive shell shows PS2 for it) and every misplaced one (an error no more input can fix).
 * Where a row's behaviour was checked against bash (`bash -n -c`) and differs, the row says so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, parseCommands, type Pipeline, type Program } from '../../shell/syntax';
import { parseErrorOf, sketch, testSketches } from '../support/syntax-sketch';

/** Each construct's forms, and the tree each parses to. */
testSketches([
  // if / elif / else, on one line and across lines.
  { input: 'if a; then b; fi', want: 'if a; then b; fi;' },
  { input: 'if a; then b; else c; fi', want: 'if a; then b; else c; fi;' },
  { input: 'if a; then b; elif c; then d; else e; fi', want: 'if a; then b; elif c; then d; else e; fi;' },
  { input: 'if a; then b; elif c; then d; elif e; then f; fi', want: 'if a; then b; elif c; then d; elif e; then f; fi;' },
  { input: 'if a\nthen b\nelif c\nthen d\nelse\ne\nfi', want: 'if a; then b; elif c; then d; else e; fi;' },
  { input: 'if a; b; then c; d; fi', want: 'if a; b; then c; d; fi;' },
  { input: 'if a && b || ! c; then d | e; fi', want: 'if a && b || ! c; then d | e; fi;' },
  { input: 'if a & then b & fi &', want: 'if a & then b & fi &' },
  { input: 'if if a; then b; fi; then c; fi', want: 'if if a; then b; fi; then c; fi;' },

  // while and until.
  { input: 'while a; do b; done', want: 'while a; do b; done;' },
  { input: 'until a; do b; done', want: 'until a; do b; done;' },
  { input: 'while a\ndo\nb\ndone', want: 'while a; do b; done;' },
  { input: 'while ! a; do b; done', want: 'while ! a; do b; done;' },
  { input: 'until [[ a ]]; do (( i++ )); done', want: 'until [[ a ]]; do (( i++ )); done;' },
  { input: 'while a; b; do c; d; done', want: 'while a; b; do c; d; done;' },

  // for NAME in WORDS, for NAME; do ("$@"), for NAME do, across lines; reserved words are plain words in the list.
  { input: 'for i in a b c; do echo $i; done', want: 'for i in a b c; do echo $i; done;' },
  { input: 'for i; do echo $i; done', want: 'for i; do echo $i; done;' },
  { input: 'for i do echo; done', want: 'for i; do echo; done;' },
  { input: 'for i\ndo echo; done', want: 'for i; do echo; done;' },
  { input: 'for i\n\nin a b\ndo\necho\ndone', want: 'for i in a b; do echo; done;' },
  { input: 'for i in; do x; done', want: 'for i in; do x; done;' },
  { input: 'for i in a b\ndo x; done', want: 'for i in a b; do x; done;' },
  { input: 'for x in $(seq 3) "$@" *.txt; do :; done', want: 'for x in $(seq 3;) "$@" *.txt; do :; done;' },
  { input: 'for i in if then do done; do :; done', want: 'for i in if then do done; do :; done;' },
  { input: 'for do in a; do :; done', want: 'for do in a; do :; done;' },
  { input: 'for in in in; do :; done', want: 'for in in in; do :; done;' },
  { input: 'for i in a; { b; }', want: 'for i in a; do b; done;' },

  // select, read as for is (bash): with or without `in`, across lines, with a brace body, redirected.
  { input: 'select x in a b; do echo $x; done', want: 'select x in a b; do echo $x; done;' },
  { input: 'select x; do :; done', want: 'select x; do :; done;' },
  { input: 'select x do :; done', want: 'select x; do :; done;' },
  { input: 'select x\nin a\ndo\nb\ndone', want: 'select x in a; do b; done;' },
  { input: 'select x in a; { b; } 2>&1', want: 'select x in a; do b; done 2>&1;' },
  { input: 'echo select', want: 'echo select;' },

  // coproc: a name only before a compound command; a simple command is COPROC's.
  { input: 'coproc cat', want: 'coproc COPROC cat;' },
  { input: 'coproc cat -n <f', want: 'coproc COPROC cat -n <f;' },
  { input: 'coproc FOO cat', want: 'coproc COPROC FOO cat;' },
  { input: 'coproc FOO { cat; }', want: 'coproc FOO { cat; };' },
  { input: 'coproc { cat; } 2>e', want: 'coproc COPROC { cat; } 2>e;' },
  { input: 'coproc W while read l; do :; done', want: 'coproc W while read l; do :; done;' },
  { input: 'coproc P (cat)', want: 'coproc P ( cat; );' },
  { input: 'coproc x=1 env', want: 'coproc COPROC [x=1] env;' },
  { input: 'echo coproc', want: 'echo coproc;' },

  // for ((;;)), empty expressions included.
  { input: 'for ((i=0; i<3; i++)); do echo $i; done', want: 'for ((i=0; i<3; i++)); do echo $i; done;' },
  { input: 'for ((;;)); do break; done', want: 'for ((;;)); do break; done;' },
  { input: 'for (( ; ; )) do x; done', want: 'for (( ; ; )); do x; done;' },
  { input: 'for ((i=0;i<2;i++))\ndo x\ndone', want: 'for ((i=0;i<2;i++)); do x; done;' },
  { input: 'for (( (1) ; (2) ; ((3)) )); do :; done', want: 'for (( (1) ; (2) ; ((3)) )); do :; done;' },
  { input: 'for ((i=\')\';;)); do :; done', want: 'for ((i=\')\';;)); do :; done;' },
  { input: 'for ((\n;;\n)); do :; done', want: 'for ((\n;;\n)); do :; done;' },
  { input: 'for ((i=$n; i>0; i--)); { echo; }', want: 'for ((i=$n; i>0; i--)); do echo; done;' },

  // case: (pattern), a|b), the three terminators, empty bodies, esac on the same line, reserved words as patterns.
  { input: 'case $x in a) echo a;; b|c) echo bc;; (d) echo d;; *) ;; esac', want: 'case $x in a) echo a; ;; b|c) echo bc; ;; d) echo d; ;; *) ;; esac;' },
  { input: 'case x in a) one;& b) two;;& c) three;; esac', want: 'case x in a) one; ;& b) two; ;;& c) three; ;; esac;' },
  { input: 'case x in esac', want: 'case x in esac;' },
  { input: 'case x in a) ;; esac', want: 'case x in a) ;; esac;' },
  { input: 'case x in a);; esac', want: 'case x in a) ;; esac;' },
  { input: 'case x in a) echo; esac', want: 'case x in a) echo; ;; esac;' },
  { input: 'case x in\na)\necho\n;;\nesac', want: 'case x in a) echo; ;; esac;' },
  { input: 'case x in (a|b) x;; esac', want: 'case x in a|b) x; ;; esac;' },
  { input: 'case x in ( a ) ;; esac', want: 'case x in a) ;; esac;' },
  { input: 'case x\nin a) ;; esac', want: 'case x in a) ;; esac;' },
  { input: 'case x in a)b;;esac', want: 'case x in a) b; ;; esac;' },
  { input: 'case x in a) b\n;; esac', want: 'case x in a) b; ;; esac;' },
  { input: 'case x in (esac) echo;; esac', want: 'case x in esac) echo; ;; esac;' },
  { input: 'case x in in) echo;; esac', want: 'case x in in) echo; ;; esac;' },
  { input: 'case x in a|esac) ;; esac', want: 'case x in a|esac) ;; esac;' },
  { input: 'case x in a) echo esac;; esac', want: 'case x in a) echo esac; ;; esac;' },
  { input: 'case "x" in "a"|\'b\'|$c) ;; esac', want: 'case "x" in "a"|\'b\'|$c) ;; esac;' },
  { input: 'case x in a) case y in b) c;; esac;; esac', want: 'case x in a) case y in b) c; ;; esac; ;; esac;' },
  { input: 'case x in a) (b) ;; esac', want: 'case x in a) ( b; ); ;; esac;' },

  // { } and ( ); `}` closes only in command position.
  { input: '{ a; b; }', want: '{ a; b; };' },
  { input: '{ a\nb\n}', want: '{ a; b; };' },
  { input: '( a; b )', want: '( a; b; );' },
  { input: '(a)|b', want: '( a; ) | b;' },
  { input: '{ echo }; }', want: '{ echo }; };' },
  { input: '{ echo {; }', want: '{ echo {; };' },
  { input: '{ a & }', want: '{ a & };' },
  { input: '{ a; }& b', want: '{ a; } & b;' },
  { input: '{a}', want: '{a};' },
  { input: '( (a); (b) )', want: '( ( a; ); ( b; ); );' },

  // (( )) against ( ( ) ): arithmetic only where `))` closes it.
  { input: '((x = 1 + 2))', want: '((x = 1 + 2));' },
  { input: '(( x = (1+2) * 3 ))', want: '(( x = (1+2) * 3 ));' },
  { input: '(( "1" + $y ))', want: '(( 1 + $y ));' },
  { input: '(( ))', want: '(( ));' },
  { input: '( (a) )', want: '( ( a; ); );' },
  { input: '((a) )', want: '( ( a; ); );' },
  { input: '((echo a); (echo b))', want: '( ( echo a; ); ( echo b; ); );' },
  { input: '((a)) && ((b))', want: '((a)) && ((b));' },
  { input: '((a)) | ((b))', want: '((a)) | ((b));' },
  { input: 'echo $(( (1) )) "$((1+2))" $((x))$((y))', want: 'echo $(( (1) )) "$((1+2))" $((x))$((y));' },
  { input: 'echo $(( $(echo 1) + `echo 2` ))', want: 'echo $(( $(echo 1;) + `echo 2;` ));' },

  // [[ ]]: && || ! ( ), unary and binary operators, < > inside, =~ with ( ) and |.
  { input: '[[ -f x && ! -d y || z ]]', want: '[[ {{-f x && ! -d y} || z} ]];' },
  { input: '[[ a || b && c ]]', want: '[[ {a || {b && c}} ]];' },
  { input: '[[ ( a || b ) && c ]]', want: '[[ {( {a || b} ) && c} ]];' },
  { input: '[[ ! ( a || b ) && c ]]', want: '[[ {! ( {a || b} ) && c} ]];' },
  { input: '[[ a < b ]]', want: '[[ a < b ]];' },
  { input: '[[ a>b&&c ]]', want: '[[ {a > b && c} ]];' },
  { input: '[[ -n "$x" ]]', want: '[[ -n "$x" ]];' },
  { input: '[[ -v name ]]', want: '[[ -v name ]];' },
  { input: '[[ a != b ]]', want: '[[ a != b ]];' },
  { input: '[[ a -eq 1 ]]', want: '[[ a -eq 1 ]];' },
  { input: '[[ a -nt b ]]', want: '[[ a -nt b ]];' },
  { input: '[[ $x == *.txt ]]', want: '[[ $x == *.txt ]];' },
  { input: '[[ x == \'*\' ]]', want: '[[ x == \'*\' ]];' },
  { input: '[[ x =~ ^(a|b)$ ]]', want: '[[ x =~ ^(a|b)$ ]];' },
  { input: '[[ $x =~ (a)|(b) ]]', want: '[[ $x =~ (a)|(b) ]];' },
  { input: '[[ x =~ ^(a|b)$ && y ]]', want: '[[ {x =~ ^(a|b)$ && y} ]];' },
  { input: '[[ ( x =~ a ) ]]', want: '[[ ( x =~ a ) ]];' },
  { input: '[[ x =~ ( a b ) ]]', want: '[[ x =~ ( a b ) ]];' },
  { input: '[[ x =~ [[:space:]]+ ]]', want: '[[ x =~ [[:space:]]+ ]];' },
  { input: '[[ x =~ a\\ b ]]', want: '[[ x =~ a\\ b ]];' },
  { input: '[[ x =~ "a b" ]]', want: '[[ x =~ "a b" ]];' },
  { input: '[[ x &&\ny ]]', want: '[[ {x && y} ]];' },
  { input: '[[\nx ]]', want: '[[ x ]];' },
  { input: '[[ ! ! x ]]', want: '[[ ! ! x ]];' },
  { input: '[[ a ]] >out', want: '[[ a ]] >out;' },
  { input: '[[ -f x ]] && [[ -d y ]]', want: '[[ -f x ]] && [[ -d y ]];' },

  // Functions in every form; redirects on the body are the definition's.
  { input: 'f() { echo; }', want: 'f() { echo; };' },
  { input: 'f () ( echo )', want: 'f() ( echo; );' },
  { input: 'function f { echo; }', want: 'f() { echo; };' },
  { input: 'function f() { echo; }', want: 'f() { echo; };' },
  { input: 'function f ( ) { echo; }', want: 'f() { echo; };' },
  { input: 'f()\n{\necho\n}', want: 'f() { echo; };' },
  { input: 'function f\n{ :; }', want: 'f() { :; };' },
  { input: 'f() { a; } >out 2>&1', want: 'f() { a; } >out 2>&1;' },
  { input: 'function f { echo; } <in', want: 'f() { echo; } <in;' },
  { input: 'f() ( a ) >o', want: 'f() ( a; ) >o;' },
  { input: 'f() ((1))', want: 'f() ((1));' },
  { input: 'f() [[ 1 ]]', want: 'f() [[ 1 ]];' },
  { input: 'f() if a; then b; fi', want: 'f() if a; then b; fi;' },
  { input: 'f() for i in a; do :; done', want: 'f() for i in a; do :; done;' },
  { input: 'f() { :; }; f', want: 'f() { :; }; f;' },
  { input: 'f() { a; } | b', want: 'f() { a; } | b;' },
  { input: 'f() { f() { :; }; }', want: 'f() { f() { :; }; };' },
  { input: 'function 1 { :; }', want: '1() { :; };' },

  // Redirects after compound commands, in source order.
  { input: 'while a; do b; done <in >out', want: 'while a; do b; done <in >out;' },
  { input: '{ a; } 2>&1 >out', want: '{ a; } 2>&1 >out;' },
  { input: '{ a; } >out 2>&1', want: '{ a; } >out 2>&1;' },
  { input: 'if a; then b; fi >x', want: 'if a; then b; fi >x;' },
  { input: '( a ) >x <y', want: '( a; ) >x <y;' },
  { input: 'for i in a; do b; done | c', want: 'for i in a; do b; done | c;' },
  { input: 'case x in *) a;; esac >o', want: 'case x in *) a; ;; esac >o;' },
  { input: '{ a; } <<<x 3>&-', want: '{ a; } <<<x 3>&-;' },

  // Here-documents: <<, <<-, quoted delimiters, several on a line, in pipelines, $( ), functions and loops.
  { input: 'cat <<EOF\nhello $x\nEOF', want: 'cat <<EOF[hello $x\n];' },
  { input: 'cat <<-EOF\n\thello\n\t\tworld\n  kept\n\tEOF', want: 'cat <<-EOF[hello\nworld\n  kept\n];' },
  { input: 'cat <<\'EOF\'\n$x `a` \\$\nEOF', want: 'cat <<\'EOF\'[\\$x \\`a\\` \\\\\\$\n];' },
  { input: 'cat <<"EOF"\n$x\nEOF', want: 'cat <<\'EOF\'[\\$x\n];' },
  { input: 'cat <<E\\OF\n$x\nEOF', want: 'cat <<\'EOF\'[\\$x\n];' },
  { input: 'cat <<EO"F"\n$x\nEOF', want: 'cat <<\'EOF\'[\\$x\n];' },
  { input: 'cat <<-\'E\'\n\t$a\n\tE', want: 'cat <<-\'E\'[\\$a\n];' },
  { input: 'cat <<A <<-B\na\nA\n\tb\n\tB', want: 'cat <<A[a\n] <<-B[b\n];' },
  { input: 'cat <<A; cat <<B\na\nA\nb\nB', want: 'cat <<A[a\n]; cat <<B[b\n];' },
  { input: 'cat <<A | cat <<B\na\nA\nb\nB', want: 'cat <<A[a\n] | cat <<B[b\n];' },
  { input: 'cat <<EOF | tr a b\nabc\nEOF', want: 'cat <<EOF[abc\n] | tr a b;' },
  { input: 'cat <<EOF |\nx\nEOF\ntr x y', want: 'cat <<EOF[x\n] | tr x y;' },
  { input: 'cat <<EOF &&\nx\nEOF\necho y', want: 'cat <<EOF[x\n] && echo y;' },
  { input: 'echo $(cat <<EOF\nhi\nEOF\n)', want: 'echo $(cat <<EOF[hi\n];);' },
  { input: 'echo $(cat <<A\nx\nA\n) $(cat <<B\ny\nB\n)', want: 'echo $(cat <<A[x\n];) $(cat <<B[y\n];);' },
  { input: 'f() {\ncat <<EOF\nbody\nEOF\n}', want: 'f() { cat <<EOF[body\n]; };' },
  { input: 'f() { cat <<EOF\n$1\nEOF\n} >out', want: 'f() { cat <<EOF[$1\n]; } >out;' },
  { input: 'while read l; do echo $l; done <<EOF\na\nb\nEOF', want: 'while read l; do echo $l; done <<EOF[a\nb\n];' },
  { input: 'if true; then cat <<EOF\nx\nEOF\nfi', want: 'if true; then cat <<EOF[x\n]; fi;' },
  { input: 'cat <<EOF\n$x ${y} $(echo a) `b` $((1+2)) \\$y \\` \\\\ \\z "q"\nEOF', want: 'cat <<EOF[$x ${y} $(echo a;) `b;` $((1+2)) \\$y \\` \\\\ \\\\z \\"q\\"\n];' },
  { input: 'cat <<EOF\na\\\nb\nEOF', want: 'cat <<EOF[ab\n];' },
  { input: 'cat <<\'EOF\'\na\\\nb\nEOF', want: 'cat <<\'EOF\'[a\\\\\nb\n];' },
  { input: 'cat <<EOF; echo after\nbody\nEOF\necho next', want: 'cat <<EOF[body\n]; echo after; echo next;' },
  { input: 'cat 3<<EOF\nx\nEOF', want: 'cat 3<<EOF[x\n];' },
  { input: 'cat <<EOF\nEOF', want: 'cat <<EOF[];' },
  { input: 'cat << EOF\nx\nEOF', want: 'cat <<EOF[x\n];' },
  { input: 'cat <<EOF >out\nx\nEOF', want: 'cat <<EOF[x\n] >out;' },
  { input: 'cat <<EOF\n\tEOF\nEOF \nEOF', want: 'cat <<EOF[\tEOF\nEOF \n];' },
  { input: 'cat <<$x\nbody\n$x', want: 'cat <<$x[body\n];' },
  { input: 'cat <<\'\'\nx\n\n', want: 'cat <<\'\'[x\n];' },

  // time, time -p, repeated !, |&.
  { input: 'time a | b', want: 'time a | b;' },
  { input: 'time -p ! a | b', want: 'time -p ! a | b;' },
  { input: '! time a', want: 'time ! a;' },
  { input: 'time ! a', want: 'time ! a;' },
  { input: '! ! a', want: 'a;' },
  { input: 'a && ! ! b', want: 'a && b;' },
  { input: 'time', want: 'time;' },
  { input: 'time -p', want: 'time -p;' },
  { input: 'time { a; }', want: 'time { a; };' },
  { input: 'time -p while a; do b; done', want: 'time -p while a; do b; done;' },
  { input: 'a |& b | c', want: 'a |& b | c;' },
  { input: '{ a; } |& ( c )', want: '{ a; } |& ( c; );' },
  { input: 'time a && time -p b', want: 'time a && time -p b;' },
  { input: 'echo time -p !', want: 'echo time -p !;' },
  { input: 'a | time', want: 'a | time;' },

  // Reserved words are words wherever a command cannot start.
  { input: 'echo if then fi', want: 'echo if then fi;' },
  { input: 'echo { } done esac', want: 'echo { } done esac;' },
  { input: 'echo do; echo done', want: 'echo do; echo done;' },
  { input: 'echo a }', want: 'echo a };' },
  { input: 'echo [[ ]]', want: 'echo [[ ]];' },
  { input: 'echo ]]', want: 'echo ]];' },
  { input: 'x=1 if', want: '[x=1] if;' },
  { input: 'if=1 echo', want: '[if=1] echo;' },
  { input: 'echo {a,b}', want: 'echo {a,b};' },
  { input: 'echo !', want: 'echo !;' },

  // Line continuations and comments inside compound commands.
  { input: 'if a; \\\nthen b; fi', want: 'if a; then b; fi;' },
  { input: 'for i in a \\\n b; do c; done', want: 'for i in a b; do c; done;' },
  { input: 'wh\\\nile a; do b; done', want: 'while a; do b; done;' },
  { input: '{ a; \\\n}', want: '{ a; };' },
  { input: 'if a\n# comment\nthen # c2\n b # c3\nfi', want: 'if a; then b; fi;' },
  { input: 'while a # c\ndo # d\n b\ndone', want: 'while a; do b; done;' },
  { input: 'case x in # c\n a) # d\n b;; # e\n esac', want: 'case x in a) b; ;; esac;' },
  { input: '{ # c\n a\n}', want: '{ a; };' },
  { input: 'f() { # c\n  :\n} # d', want: 'f() { :; };' },
]);

/**
 * A parse error: its whole message (which names the token or the construct), the line its span
 * starts on, and whether more input could complete it (the interactive shell then shows PS2).
 */
const errorRows: { input: string; message: string; line: number; incomplete: boolean }[] = [
  // Incomplete (more input could complete them): open constructs, as typed and as the interactive shell sends them.
  { input: 'if', message: "line 1, column 3: syntax error: unexpected end of input after `if'", line: 1, incomplete: true },
  { input: 'select', message: "line 1, column 7: syntax error: unexpected end of input after `select'", line: 1, incomplete: true },
  { input: 'select x in a; do', message: "line 1, column 18: syntax error: unexpected end of input after `do'", line: 1, incomplete: true },
  { input: 'coproc', message: "line 1, column 7: syntax error: unexpected end of input after `coproc'", line: 1, incomplete: true },
  { input: 'coproc }', message: "line 1, column 8: syntax error near unexpected token `}'", line: 1, incomplete: false },
  { input: 'if true', message: "line 1, column 8: syntax error: unexpected end of input: `if' on line 1 is not closed by `then'", line: 1, incomplete: true },
  { input: 'if true\n', message: "line 2, column 1: syntax error: unexpected end of input: `if' on line 1 is not closed by `then'", line: 2, incomplete: true },
  { input: 'if true; then', message: "line 1, column 14: syntax error: unexpected end of input after `then'", line: 1, incomplete: true },
  { input: 'if true; then\n', message: "line 2, column 1: syntax error: unexpected end of input after `then'", line: 2, incomplete: true },
  { input: 'if true; then a', message: "line 1, column 16: syntax error: unexpected end of input: `if' on line 1 is not closed by `fi'", line: 1, incomplete: true },
  { input: 'if true; then a; else', message: "line 1, column 22: syntax error: unexpected end of input after `else'", line: 1, incomplete: true },
  { input: 'if true; then a; elif', message: "line 1, column 22: syntax error: unexpected end of input after `elif'", line: 1, incomplete: true },
  { input: 'if true; then a; elif b; then', message: "line 1, column 30: syntax error: unexpected end of input after `then'", line: 1, incomplete: true },
  { input: 'while', message: "line 1, column 6: syntax error: unexpected end of input after `while'", line: 1, incomplete: true },
  { input: 'while a', message: "line 1, column 8: syntax error: unexpected end of input: `while' on line 1 is not closed by `do'", line: 1, incomplete: true },
  { input: 'while a; do', message: "line 1, column 12: syntax error: unexpected end of input after `do'", line: 1, incomplete: true },
  { input: 'while a; do b\n', message: "line 2, column 1: syntax error: unexpected end of input: `while' on line 1 is not closed by `done'", line: 2, incomplete: true },
  { input: 'until a; do b;', message: "line 1, column 15: syntax error: unexpected end of input: `until' on line 1 is not closed by `done'", line: 1, incomplete: true },
  { input: 'for', message: "line 1, column 4: syntax error: unexpected end of input after `for'", line: 1, incomplete: true },
  { input: 'for i', message: "line 1, column 6: syntax error: unexpected end of input: `for' on line 1 is not closed by `do'", line: 1, incomplete: true },
  { input: 'for i in', message: "line 1, column 9: syntax error: unexpected end of input after `in'", line: 1, incomplete: true },
  { input: 'for i in a', message: "line 1, column 11: syntax error: unexpected end of input after `a'", line: 1, incomplete: true },
  { input: 'for i in a;', message: "line 1, column 12: syntax error: unexpected end of input: `for' on line 1 is not closed by `do'", line: 1, incomplete: true },
  { input: 'for i in a; do', message: "line 1, column 15: syntax error: unexpected end of input after `do'", line: 1, incomplete: true },
  { input: 'for i in a\n', message: "line 2, column 1: syntax error: unexpected end of input: `for' on line 1 is not closed by `do'", line: 2, incomplete: true },
  // bash: a bad name is the loop's error when it runs (status 1), so this waits for its words.
  { input: 'for 1x in', message: "line 1, column 10: syntax error: unexpected end of input after `in'", line: 1, incomplete: true },
  { input: 'for ((', message: "line 1, column 5: syntax error: `((' of `for ((' is not closed by `))'", line: 1, incomplete: true },
  { input: 'for ((i=0;', message: "line 1, column 5: syntax error: `((' of `for ((' is not closed by `))'", line: 1, incomplete: true },
  { input: 'for ((;;))', message: "line 1, column 11: syntax error: unexpected end of input: `for' on line 1 is not closed by `do'", line: 1, incomplete: true },
  { input: 'for ((;;)); do', message: "line 1, column 15: syntax error: unexpected end of input after `do'", line: 1, incomplete: true },
  { input: 'case', message: "line 1, column 5: syntax error: unexpected end of input after `case'", line: 1, incomplete: true },
  { input: 'case x', message: "line 1, column 7: syntax error: unexpected end of input: `case' on line 1 is not closed by `in'", line: 1, incomplete: true },
  { input: 'case x in', message: "line 1, column 10: syntax error: unexpected end of input: `case' on line 1 is not closed by `esac'", line: 1, incomplete: true },
  { input: 'case x in\n', message: "line 2, column 1: syntax error: unexpected end of input: `case' on line 1 is not closed by `esac'", line: 2, incomplete: true },
  { input: 'case x in a', message: "line 1, column 12: syntax error: unexpected end of input after `a'", line: 1, incomplete: true },
  { input: 'case x in a)', message: "line 1, column 13: syntax error: unexpected end of input after `)'", line: 1, incomplete: true },
  { input: 'case x in a) b', message: "line 1, column 15: syntax error: unexpected end of input after `b'", line: 1, incomplete: true },
  { input: 'case x in a) b;;', message: "line 1, column 17: syntax error: unexpected end of input: `case' on line 1 is not closed by `esac'", line: 1, incomplete: true },
  { input: 'case x in a|', message: "line 1, column 13: syntax error: unexpected end of input after `|'", line: 1, incomplete: true },
  { input: 'case x in a) b esac', message: "line 1, column 20: syntax error: unexpected end of input after `esac'", line: 1, incomplete: true },
  { input: '{', message: "line 1, column 2: syntax error: unexpected end of input after `{'", line: 1, incomplete: true },
  { input: '{ a', message: "line 1, column 4: syntax error: unexpected end of input: `{' on line 1 is not closed by `}'", line: 1, incomplete: true },
  { input: '{ a;\n', message: "line 2, column 1: syntax error: unexpected end of input: `{' on line 1 is not closed by `}'", line: 2, incomplete: true },
  { input: '{ echo }', message: "line 1, column 9: syntax error: unexpected end of input: `{' on line 1 is not closed by `}'", line: 1, incomplete: true },
  { input: '(', message: "line 1, column 2: syntax error: unexpected end of input after `('", line: 1, incomplete: true },
  { input: '( a', message: "line 1, column 4: syntax error: unexpected end of input: `(' on line 1 is not closed by `)'", line: 1, incomplete: true },
  { input: '( a\n\n b c', message: "line 3, column 5: syntax error: unexpected end of input: `(' on line 1 is not closed by `)'", line: 3, incomplete: true },
  { input: '(( 1 +', message: "line 1, column 7: syntax error: unexpected end of input: `(' on line 1 is not closed by `)'", line: 1, incomplete: true },
  { input: '[[', message: "line 1, column 3: syntax error: unexpected end of input after `[['", line: 1, incomplete: true },
  { input: '[[ a', message: "line 1, column 5: syntax error: unexpected end of input: `[[' on line 1 is not closed by `]]'", line: 1, incomplete: true },
  { input: '[[ a ==', message: "line 1, column 8: syntax error: unexpected end of input after `=='", line: 1, incomplete: true },
  { input: '[[ -n', message: "line 1, column 6: syntax error: unexpected end of input after `-n'", line: 1, incomplete: true },
  { input: '[[ ( a', message: "line 1, column 7: syntax error: unexpected end of input after `a'", line: 1, incomplete: true },
  { input: '[[ a &&', message: "line 1, column 8: syntax error: unexpected end of input after `&&'", line: 1, incomplete: true },
  { input: '[[ a &&\n', message: "line 2, column 1: syntax error: unexpected end of input after `&&'", line: 2, incomplete: true },
  { input: '[[ x =~', message: "line 1, column 8: syntax error: unexpected end of input after `=~'", line: 1, incomplete: true },
  { input: 'f()', message: "line 1, column 4: syntax error: unexpected end of input after `)'", line: 1, incomplete: true },
  { input: 'f() {', message: "line 1, column 6: syntax error: unexpected end of input after `{'", line: 1, incomplete: true },
  { input: 'f()\n', message: "line 2, column 1: syntax error: unexpected end of input after `)'", line: 2, incomplete: true },
  { input: 'function f', message: "line 1, column 11: syntax error: unexpected end of input after `f'", line: 1, incomplete: true },
  { input: 'function', message: "line 1, column 9: syntax error: unexpected end of input after `function'", line: 1, incomplete: true },
  { input: 'echo ( )', message: "line 1, column 9: syntax error: unexpected end of input after `)'", line: 1, incomplete: true },

  // Quotes and here-document bodies, also inside compound commands and substitutions.
  { input: 'echo \'a', message: "line 1, column 6: unterminated single quote", line: 1, incomplete: true },
  { input: 'echo "a', message: "line 1, column 6: unterminated double quote", line: 1, incomplete: true },
  { input: 'echo \'a\nb', message: "line 1, column 6: unterminated single quote", line: 1, incomplete: true },
  { input: 'cat <<EOF', message: "line 1, column 5: here-document not closed (wanted `EOF')", line: 1, incomplete: true },
  { input: 'cat <<EOF\nbody', message: "line 1, column 5: here-document not closed (wanted `EOF')", line: 1, incomplete: true },
  { input: 'cat <<EOF\nbody\n', message: "line 1, column 5: here-document not closed (wanted `EOF')", line: 1, incomplete: true },
  { input: 'cat <<A <<B\na\nA\n', message: "line 1, column 9: here-document not closed (wanted `B')", line: 1, incomplete: true },
  { input: 'f() { cat <<EOF\n}', message: "line 1, column 11: here-document not closed (wanted `EOF')", line: 1, incomplete: true },
  { input: 'echo $(cat <<EOF\nx\n)', message: "line 1, column 12: here-document not closed (wanted `EOF')", line: 1, incomplete: true },

  // Operators that want a command after them.
  { input: 'a |', message: "line 1, column 4: syntax error: unexpected end of input after `|'", line: 1, incomplete: true },
  { input: 'a |\n', message: "line 2, column 1: syntax error: unexpected end of input after `|'", line: 2, incomplete: true },
  { input: 'a &&', message: "line 1, column 5: syntax error: unexpected end of input after `&&'", line: 1, incomplete: true },
  { input: 'a ||\n', message: "line 2, column 1: syntax error: unexpected end of input after `||'", line: 2, incomplete: true },
  { input: 'a |&', message: "line 1, column 5: syntax error: unexpected end of input after `|&'", line: 1, incomplete: true },
  // Quirl, not bash: `!` needs a pipeline (bash runs none, status 1), so `!` alone waits for one.
  { input: '! ', message: "line 1, column 3: syntax error: unexpected end of input after `!'", line: 1, incomplete: true },
  { input: 'time -p a |', message: "line 1, column 12: syntax error: unexpected end of input after `|'", line: 1, incomplete: true },
  { input: '$(if true; then', message: "line 1, column 16: syntax error: unexpected end of input after `then'", line: 1, incomplete: true },
  { input: 'echo $(case x in a) b', message: "line 1, column 22: syntax error: unexpected end of input after `b'", line: 1, incomplete: true },
  { input: '{ a; } >', message: "line 1, column 9: syntax error: unexpected end of input after `>'", line: 1, incomplete: true },
  { input: 'case x in a) b;; esac |', message: "line 1, column 24: syntax error: unexpected end of input after `|'", line: 1, incomplete: true },
  { input: '{ a; } &&', message: "line 1, column 10: syntax error: unexpected end of input after `&&'", line: 1, incomplete: true },
  { input: 'if a; then b; fi ||', message: "line 1, column 20: syntax error: unexpected end of input after `||'", line: 1, incomplete: true },

  // Misplaced (no further input can fix them): open forms above as the interactive shell sends them, with their newline, where bash allows none.
  { input: 'for\n', message: "line 1, column 4: syntax error near unexpected token `newline'", line: 1, incomplete: false },
  { input: 'case x in a|\n', message: "line 1, column 13: syntax error near unexpected token `newline'", line: 1, incomplete: false },
  { input: '[[ a\n', message: "line 1, column 5: syntax error in conditional expression near `newline'", line: 1, incomplete: false },
  { input: '{ a; } >\n', message: "line 1, column 9: syntax error near unexpected token `newline'", line: 1, incomplete: false },

  // Closers and other reserved words where a command should start.
  { input: 'fi', message: "line 1, column 1: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'done', message: "line 1, column 1: syntax error near unexpected token `done'", line: 1, incomplete: false },
  { input: 'then', message: "line 1, column 1: syntax error near unexpected token `then'", line: 1, incomplete: false },
  { input: 'do', message: "line 1, column 1: syntax error near unexpected token `do'", line: 1, incomplete: false },
  { input: 'esac', message: "line 1, column 1: syntax error near unexpected token `esac'", line: 1, incomplete: false },
  { input: 'else', message: "line 1, column 1: syntax error near unexpected token `else'", line: 1, incomplete: false },
  { input: 'elif', message: "line 1, column 1: syntax error near unexpected token `elif'", line: 1, incomplete: false },
  { input: 'in', message: "line 1, column 1: syntax error near unexpected token `in'", line: 1, incomplete: false },
  { input: ']]', message: "line 1, column 1: syntax error near unexpected token `]]'", line: 1, incomplete: false },
  { input: '}', message: "line 1, column 1: syntax error near unexpected token `}'", line: 1, incomplete: false },
  { input: 'a; fi', message: "line 1, column 4: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'a && fi', message: "line 1, column 6: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'a | fi', message: "line 1, column 5: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: '! fi', message: "line 1, column 3: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'time fi', message: "line 1, column 6: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'echo a; }', message: "line 1, column 9: syntax error near unexpected token `}'", line: 1, incomplete: false },
  { input: 'a\nb\n}\nc', message: "line 3, column 1: syntax error near unexpected token `}'", line: 3, incomplete: false },

  // Constructs that need a command, or met the wrong word.
  { input: 'if true; then fi', message: "line 1, column 15: syntax error near unexpected token `fi' (`then' needs a command)", line: 1, incomplete: false },
  { input: 'if then fi', message: "line 1, column 4: syntax error near unexpected token `then' (`if' needs a command)", line: 1, incomplete: false },
  { input: 'if true; fi', message: "line 1, column 10: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'if a; then b; else c; elif d; then e; fi', message: "line 1, column 23: syntax error near unexpected token `elif'", line: 1, incomplete: false },
  { input: 'if true\nthen\n  a\nelse\nfi', message: "line 5, column 1: syntax error near unexpected token `fi' (`else' needs a command)", line: 5, incomplete: false },
  { input: 'if true; then a; fi fi', message: "line 1, column 21: syntax error near unexpected token `fi'", line: 1, incomplete: false },
  { input: 'while do done', message: "line 1, column 7: syntax error near unexpected token `do' (`while' needs a command)", line: 1, incomplete: false },
  { input: 'while true; do done', message: "line 1, column 16: syntax error near unexpected token `done' (`do' needs a command)", line: 1, incomplete: false },
  { input: 'while a\ndo\n\ndone', message: "line 4, column 1: syntax error near unexpected token `done' (`do' needs a command)", line: 4, incomplete: false },
  { input: 'for i in a; do done', message: "line 1, column 16: syntax error near unexpected token `done' (`do' needs a command)", line: 1, incomplete: false },
  { input: 'for i in a\ndo\n  echo\nfi', message: "line 4, column 1: syntax error near unexpected token `fi'", line: 4, incomplete: false },
  { input: '{ }', message: "line 1, column 3: syntax error near unexpected token `}' (`{' needs a command)", line: 1, incomplete: false },
  { input: '{ ; }', message: "line 1, column 3: syntax error near unexpected token `;' (`{' needs a command)", line: 1, incomplete: false },
  { input: '{a; }', message: "line 1, column 5: syntax error near unexpected token `}'", line: 1, incomplete: false },
  { input: '( )', message: "line 1, column 3: syntax error near unexpected token `)' (`(' needs a command)", line: 1, incomplete: false },
  { input: '()', message: "line 1, column 2: syntax error near unexpected token `)' (`(' needs a command)", line: 1, incomplete: false },
  { input: '(;)', message: "line 1, column 2: syntax error near unexpected token `;' (`(' needs a command)", line: 1, incomplete: false },
  { input: '( { a; } b )', message: "line 1, column 10: syntax error near unexpected token `b'", line: 1, incomplete: false },
  { input: 'echo a )', message: "line 1, column 8: syntax error near unexpected token `)'", line: 1, incomplete: false },
  { input: '{ a; } }', message: "line 1, column 8: syntax error near unexpected token `}'", line: 1, incomplete: false },
  { input: '{ a; } b', message: "line 1, column 8: syntax error near unexpected token `b'", line: 1, incomplete: false },
  { input: 'if a; then b; fi c', message: "line 1, column 18: syntax error near unexpected token `c'", line: 1, incomplete: false },
  { input: '( a ) b', message: "line 1, column 7: syntax error near unexpected token `b'", line: 1, incomplete: false },
  { input: '(a) (b)', message: "line 1, column 5: syntax error near unexpected token `('", line: 1, incomplete: false },
  { input: '{ a; }(', message: "line 1, column 7: syntax error near unexpected token `('", line: 1, incomplete: false },
  { input: '((1)) x', message: "line 1, column 7: syntax error near unexpected token `x'", line: 1, incomplete: false },
  { input: '[[ a ]] b', message: "line 1, column 9: syntax error near unexpected token `b'", line: 1, incomplete: false },

  // case: one `;;` per item; a pattern is one word.
  { input: 'case x in a) ;; ;; esac', message: "line 1, column 17: syntax error near unexpected token `;;'", line: 1, incomplete: false },
  { input: 'case x in a) ;; ;;', message: "line 1, column 17: syntax error near unexpected token `;;'", line: 1, incomplete: false },
  { input: 'case x in\n a) b;;\n c) d;;\n ;;\nesac', message: "line 4, column 2: syntax error near unexpected token `;;'", line: 4, incomplete: false },
  { input: 'case x in ) ;; esac', message: "line 1, column 11: syntax error near unexpected token `)'", line: 1, incomplete: false },
  { input: 'case x in a b) ;; esac', message: "line 1, column 13: syntax error near unexpected token `b'", line: 1, incomplete: false },
  { input: 'case x a) esac', message: "line 1, column 8: syntax error near unexpected token `a'", line: 1, incomplete: false },
  { input: 'case esac in esac) echo;; esac', message: "line 1, column 18: syntax error near unexpected token `)'", line: 1, incomplete: false },
  { input: 'case x in a) b;; esac c', message: "line 1, column 23: syntax error near unexpected token `c'", line: 1, incomplete: false },

  // for.
  { input: 'for ; do done', message: "line 1, column 5: syntax error near unexpected token `;'", line: 1, incomplete: false },
  { input: 'for i in a | b; do :; done', message: "line 1, column 12: syntax error near unexpected token `|'", line: 1, incomplete: false },
  { input: 'for ((;)); do :; done', message: "line 1, column 5: syntax error: `for ((' needs three expressions separated by `;'", line: 1, incomplete: false },
  { input: 'for ((;;;)); do :; done', message: "line 1, column 5: syntax error: `for ((' needs three expressions separated by `;'", line: 1, incomplete: false },
  { input: 'for ((a)); do :; done', message: "line 1, column 5: syntax error: `for ((' needs three expressions separated by `;'", line: 1, incomplete: false },
  // Quirl, not bash: bash reads `for ((' on to `))' and fails when it runs.
  { input: 'for ((i=0) ; ; )); do :; done', message: "line 1, column 10: syntax error: `((' of `for ((' is closed by a single `)'", line: 1, incomplete: false },
  { input: 'for ((;;)) x', message: "line 1, column 12: syntax error near unexpected token `x'", line: 1, incomplete: false },

  // [[ ]]: newlines only after `&&`, `||`, `(` and `[[` (bash).
  // Quirl, not bash: bash -n accepts `[[ ]]`, and bash -c then runs nothing of the script at all.
  { input: '[[ ]]', message: "line 1, column 4: syntax error in conditional expression near `]]'", line: 1, incomplete: false },
  { input: '[[ a b ]]', message: "line 1, column 6: syntax error in conditional expression near `b'", line: 1, incomplete: false },
  { input: '[[ a == b c ]]', message: "line 1, column 11: syntax error in conditional expression near `c'", line: 1, incomplete: false },
  { input: '[[ ( a ]]', message: "line 1, column 8: syntax error in conditional expression near `]]'", line: 1, incomplete: false },
  { input: '[[ a ) ]]', message: "line 1, column 6: syntax error in conditional expression near `)'", line: 1, incomplete: false },
  { input: '[[ && a ]]', message: "line 1, column 4: syntax error in conditional expression near `&&'", line: 1, incomplete: false },
  { input: '[[ -z ]]', message: "line 1, column 7: syntax error in conditional expression: unexpected argument `]]' to conditional unary operator `-z'", line: 1, incomplete: false },
  { input: '[[ -f && x ]]', message: "line 1, column 7: syntax error in conditional expression: unexpected argument `&&' to conditional unary operator `-f'", line: 1, incomplete: false },
  { input: '[[ x =~ ]]', message: "line 1, column 9: syntax error in conditional expression near `]]'", line: 1, incomplete: false },
  { input: '[[ x\n&& y ]]', message: "line 1, column 5: syntax error in conditional expression near `newline'", line: 1, incomplete: false },
  { input: '[[ a ==\nb ]]', message: "line 1, column 8: syntax error in conditional expression near `newline'", line: 1, incomplete: false },
  { input: '[[ -f == x ]]', message: "line 1, column 10: syntax error in conditional expression near `x'", line: 1, incomplete: false },

  // Functions: the body is a compound command; `(` after a word must be `()` on that line.
  { input: 'f() echo', message: "line 1, column 5: syntax error near unexpected token `echo'", line: 1, incomplete: false },
  { input: 'f() x', message: "line 1, column 5: syntax error near unexpected token `x'", line: 1, incomplete: false },
  { input: 'function f echo', message: "line 1, column 12: syntax error near unexpected token `echo'", line: 1, incomplete: false },
  { input: 'f(x) { :; }', message: "line 1, column 3: syntax error near unexpected token `x'", line: 1, incomplete: false },
  { input: 'f=1() { :; }', message: "line 1, column 4: syntax error near unexpected token `('", line: 1, incomplete: false },
  // Quirl, not bash: a function's name is checked when it is parsed (bash: when the definition runs).
  { input: '"f"() { :; }', message: "line 1, column 1: `\"f\"': not a valid function name", line: 1, incomplete: false },
  { input: 'echo (', message: "line 1, column 6: syntax error near unexpected token `('", line: 1, incomplete: false },
  { input: 'f (\n) { :; }', message: "line 1, column 3: syntax error near unexpected token `('", line: 1, incomplete: false },
  { input: 'x=1 f() { :; }', message: "line 1, column 6: syntax error near unexpected token `('", line: 1, incomplete: false },
  { input: '>out f() { :; }', message: "line 1, column 7: syntax error near unexpected token `('", line: 1, incomplete: false },

  // Pipelines: `!` and `time` begin a whole pipeline only.
  { input: 'echo a | ! cat', message: "line 1, column 10: syntax error near unexpected token `!'", line: 1, incomplete: false },
  { input: 'a | !', message: "line 1, column 5: syntax error near unexpected token `!'", line: 1, incomplete: false },
  { input: 'time |', message: "line 1, column 6: syntax error near unexpected token `|'", line: 1, incomplete: false },
  { input: '! ! |', message: "line 1, column 5: syntax error near unexpected token `|'", line: 1, incomplete: false },
  { input: 'a |& |& b', message: "line 1, column 6: syntax error near unexpected token `|&'", line: 1, incomplete: false },
  { input: 'a |\n|', message: "line 2, column 1: syntax error near unexpected token `|'", line: 2, incomplete: false },
];

for (const { input, message, line, incomplete } of errorRows) {
  test(`parse error ${JSON.stringify(input)}`, () => {
    const error = parseErrorOf(() => parse(input));
    assert.equal(error.message, message);
    assert.equal(error.span.start.line, line);
    assert.equal(error.incomplete, incomplete);
  });
}

test('parse: the last here-document of a final input may end at the end, with a warning; typed input waits for its delimiter', () => {
  const warnings: string[] = [];
  const program = parse('echo a\ncat <<EOF\n$x\n', { final: true, warn: (message) => warnings.push(message) });
  assert.equal(sketch(program), 'echo a; cat <<EOF[$x\n];');
  assert.deepEqual(warnings, ["warning: here-document at line 2 delimited by end-of-file (wanted `EOF')"]);
  const error = parseErrorOf(() => parse('echo a\ncat <<EOF\n$x\n'));
  assert.equal(error.message, "line 2, column 5: here-document not closed (wanted `EOF')");
  assert.equal(error.incomplete, true);
});

/** Each nest: its opener and closer, and what stands around it (`[[ ]]`'s own parentheses nest inside one `[[`). */
const NESTS: readonly (readonly [string, string, string?, string?])[] = [
  ['{ ', '; }'],
  ['( ', ' )'],
  ['if true; then ', '; fi'],
  ['while true; do ', '; done'],
  ['case x in x) ', ';; esac'],
  ['f() { ', '; }'],
  ['( ', ' )', '[[ ', ' ]]'],
];

for (const [open, close, before = '', after = ''] of NESTS) {
  test(`parse: ${JSON.stringify(before + open)} nested 10,000 deep is a parse error, not a stack overflow`, () => {
    for (const text of [`${before}${open.repeat(10_000)}x${close.repeat(10_000)}${after}`, before + open.repeat(10_000)]) {
      const error = parseErrorOf(() => parse(text), 'ResourceLimit');
      assert.match(error.message, /commands nested more than 200 deep/);
      assert.equal(error.incomplete, false);
    }
  });
}

/** What parseCommands yields, sketched with the lines each command spans, until it ends or throws. */
function commandsOf(text: string, seen: string[]): void {
  for (const program of parseCommands(text)) seen.push(`${program.span.start.line}-${program.span.end.line}: ${sketch(program)}`);
}

test('parseCommands: the commands before a syntax error come first, then the error', () => {
  const seen: string[] = [];
  const error = parseErrorOf(() => commandsOf('echo 1\nif a; then b; fi; echo 2\nfi\necho 4\n', seen));
  assert.deepEqual(seen, ['1-1: echo 1;', '2-2: if a; then b; fi; echo 2;']);
  assert.equal(error.message, "line 3, column 1: syntax error near unexpected token `fi'");
  assert.equal(error.span.start.line, 3);
});

test('parseCommands: a here-document in the middle of a script is consumed with its command', () => {
  const seen: string[] = [];
  commandsOf('echo 1\ncat <<EOF | tr a b\nfi done\nEOF\necho 2 <<-X\n\tX\necho 3', seen);
  assert.deepEqual(seen, ['1-1: echo 1;', '2-2: cat <<EOF[fi done\n] | tr a b;', '5-5: echo 2 <<-X[];', '7-7: echo 3;']);
});

test('parseCommands: a 1000-line for loop is one command', () => {
  const seen: string[] = [];
  commandsOf(`for i in 1 2; do\n${'  echo $i\n'.repeat(1000)}done\necho after\n`, seen);
  assert.equal(seen.length, 2);
  assert.match(seen[0]!, /^1-1002: for i in 1 2; do (echo \$i; ){1000}done;$/);
  assert.equal(seen[1], '1003-1003: echo after;');
});

/** The only command of a one-command program. */
function only(program: Program): Pipeline {
  const [item] = program.body.items;
  assert.ok(item !== undefined && program.body.items.length === 1 && item.andOr.rest.length === 0);
  return item.andOr.first;
}

test('parse: a function keeps its definition as written; a pipeline its text with time and !', () => {
  const definition = only(parse('function f ( )\n{ echo; } >out # note')).commands[0];
  assert.ok(definition?.kind === 'FunctionDefinition');
  assert.equal(definition.text, 'function f ( )\n{ echo; } >out');
  assert.equal(definition.body.span.start.line, 2);
  const timed = only(parse('time -p ! { a; } |& b'));
  assert.equal(timed.text, 'time -p ! { a; } |& b');
  assert.deepEqual(timed.stderrPiped, [true]);
  assert.deepEqual(timed.time, { posix: true });
});

test('parse: `time` after `|` is a command name, not the keyword (bash)', () => {
  const pipeline = only(parse('a | time -p b'));
  assert.equal(pipeline.time, null);
  assert.equal(sketch(parse('a | time -p b')), 'a | time -p b;');
});
