/** The parser's tables: simple commands, words, pipelines and lists (trees as sketches, see ../support/syntax-sketch). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ParseError } from '../../shell/syntax/source';
import { parse } from '../../shell/syntax';
import type { Span } from '../../shell/syntax/ast';
import { parseErrorOf, simple, sketch, target, testSketches, type SketchRow } from '../support/syntax-sketch';

const rows: SketchRow[] = [
  // Empty input, blank lines, comments.
  { input: '', want: '' },
  { input: '\n\n  \t\n', want: '' },
  { input: '# only a comment', want: '' },
  { input: '  # comment\n# another\n', want: '' },
  { input: 'echo a # trailing comment', want: 'echo a;' },
  { input: 'echo a#b #c', want: 'echo a#b;' },
  { input: 'echo a;#c', want: 'echo a;' },

  // Simple commands and prefix assignments.
  { input: 'echo hello world', want: 'echo hello world;' },
  { input: '  echo\t a  ', want: 'echo a;' },
  { input: 'FOO=1 BAR= env', want: '[FOO=1] [BAR=] env;' },
  { input: 'FOO=1', want: '[FOO=1];' },
  { input: 'echo FOO=1', want: 'echo FOO=1;' },
  { input: 'FOO=1 echo BAR=2', want: '[FOO=1] echo BAR=2;' },
  { input: '>out A=1 cmd', want: '[A=1] cmd >out;' },
  { input: 'a==b c', want: '[a==b] c;' },
  { input: '_x9=y 1a=b 9=x', want: '[_x9=y] 1a=b 9=x;' },
  { input: '"A"=1 A\\=1 A"=1"', want: '"A"=1 A\\=1 A"=1";' },
  { input: "A='a b' B=\"$x\"", want: "[A='a b'] [B=\"$x\"];" },

  // Quoting and escapes.
  { input: "echo 'a  b' \"c  d\"", want: "echo 'a  b' \"c  d\";" },
  { input: "echo 'it'\\''s'", want: "echo 'it'\\''s';" },
  { input: 'echo \\$HOME \\"x\\" \\\\', want: 'echo \\$HOME \\"x\\" \\\\;' },
  { input: 'echo a\\ b', want: 'echo a\\ b;' },
  { input: 'echo "a\\$b \\`c\\` \\"d\\" \\\\e \\f"', want: 'echo "a\\$b \\`c\\` \\"d\\" \\\\e \\\\f";' },
  { input: "echo '$x \\n'", want: "echo '$x \\n';" },
  { input: 'echo ""', want: 'echo "";' },
  { input: "echo ''", want: "echo '';" },
  { input: 'echo "it\'s"', want: 'echo "it\'s";' },

  // Line continuations are removed everywhere but in single quotes.
  { input: 'ec\\\nho a\\\nb', want: 'echo ab;' },
  { input: 'echo a \\\n b', want: 'echo a b;' },
  { input: 'echo "a\\\nb"', want: 'echo "ab";' },
  { input: "echo 'a\\\nb'", want: "echo 'a\\\nb';" },
  { input: 'true &\\\n& echo ok', want: 'true && echo ok;' },
  { input: 'echo a # comment \\\necho b', want: 'echo a; echo b;' },

  // Parameters.
  { input: 'echo $x ${y} $x_1 ${x}_1 $x-y', want: 'echo $x ${y} $x_1 ${x}_1 $x-y;' },
  { input: 'echo $? $$ $! $# $@ $* $- $0 $9', want: 'echo $? $$ $! $# $@ $* $- $0 $9;' },
  { input: 'echo $10 ${10} ${010} ${#} ${?}', want: 'echo $10 ${10} ${10} ${#} ${?};' },
  { input: 'echo $ a$ $/ "$" "$ "', want: 'echo $ a$ $/ "\\$" "\\$ ";' },
  { input: 'echo "$x${y}z$1"', want: 'echo "$x${y}z$1";' },
  // Parameter operators; bash rejects bad ones only when it expands them.
  { input: 'echo ${x:-a b} ${x-} ${x:=$y} ${x?m} ${x:+"q"}', want: 'echo ${x:-a b} ${x-} ${x:=$y} ${x?m} ${x:+"q"};' },
  // Inside double quotes the word of - = + is double-quoted text whose inner double quotes are stripped (bash's SX_STRIPDQ).
  { input: 'echo "${x:-\'a\' "b" $y}"', want: 'echo "${x:-\\\'\\a\\\'\\ \\b\\ $y}";' },
  // There bash's parser skips single quotes and nested double quotes looking for the `}`; a backslash escapes any character between the stripped quotes.
  { input: 'echo "${u:-\'}\'}" "${u:-\\{}" "${a+\'"x\'}"', want: 'echo "${u:-\\\'\\}\\\'}" "${u:-\\\\\\{}" "${a+\\\'\\x\\\'}";' },
  { input: 'echo "${s:+"\\a" \\a}" "${u:-"}"}" "${u:?\'}\'}"', want: 'echo "${s:+\\a\\ \\\\\\a}" "${u:-\\}}" "${u:?\'}\'}";' },
  // A `{` opens nothing inside `${...}`: bash counts only `${`.
  { input: 'echo ${u:-{a}b} "${u:-{a}b}"', want: 'echo ${u:-{a}b} "${u:-\\{\\a}b}";' },
  { input: 'echo ${#x} ${#} ${##} ${#@} ${!x} ${!p*} ${!p@} ${!#}', want: 'echo ${#x} ${#} ${##} ${#@} ${!x} ${!p*} ${!p@} ${!#};' },
  { input: 'echo ${x#a*} ${x##*/} ${x%.c} ${x%%"*"}', want: 'echo ${x#a*} ${x##*/} ${x%.c} ${x%%"*"};' },
  { input: 'echo ${x/a/b} ${x//a} ${x/#a/b} ${x/%a/b/c} "${x/\'a\'/$y}"', want: 'echo ${x/a/b} ${x//a/} ${x/#a/b} ${x/%a/b/c} "${x/\'a\'/$y}";' },
  { input: 'echo ${x:1} ${x: -1:2} ${@:1+1} ${x^} ${x^^[ab]} ${x,} ${x,,} ${x@Q}', want: 'echo ${x:1} ${x: -1:2} ${@:1+1} ${x^} ${x^^[ab]} ${x,} ${x,,} ${x@Q};' },
  { input: 'echo ${x:-${y:-$(echo })}} ${x:-{a}} ${x:-~/a}', want: 'echo ${x:-${y:-$(echo };)}} ${x:-{a}} ${x:-~{}/a};' },
  { input: 'echo ${} ${a b} ${1a} ${x;y} ${-3} ${x@}', want: 'echo <bad ${}> <bad ${a b}> <bad ${1a}> <bad ${x;y}> <bad ${-3}> ${x@};' },
  // bash reads a case operator after `?`, `-`, `#` (`!?`, `!#`, `!@`) into the name, and a lone `+ = % /` after `#`.
  { input: 'echo ${?^} ${-,,} ${#^a} ${!#,} ${!@^} ${#+} ${#/}', want: 'echo <bad ${?^}> <bad ${-,,}> <bad ${#^a}> <bad ${!#,}> <bad ${!@^}> <bad ${#+}> <bad ${#/}>;' },
  { input: 'echo ${@^} ${!*^} ${#+w} ${#/a} ${#%%} ${#-} ${#?,}', want: 'echo ${@^} ${!*^} ${#+w} ${#/a/} ${#%%} ${#-} ${#?,};' },

  // Command substitution, nested and inside double quotes.
  { input: 'echo $(date)', want: 'echo $(date;);' },
  { input: 'echo $()', want: 'echo $();' },
  { input: 'echo $(echo a; echo b | tr a b)', want: 'echo $(echo a; echo b | tr a b;);' },
  { input: 'echo $(echo $(echo deep))', want: 'echo $(echo $(echo deep;););' },
  { input: 'echo "$(echo ")")"', want: 'echo "$(echo ")";)";' },
  { input: 'echo x$(a)y', want: 'echo x$(a;)y;' },
  { input: 'echo $(\n  echo a\n\n  echo b\n)', want: 'echo $(echo a; echo b;);' },
  { input: 'echo $(echo a # ) comment\n)', want: 'echo $(echo a;);' },
  { input: 'echo `date`', want: 'echo `date;`;' },
  { input: 'echo `echo \\`echo hi\\``', want: 'echo `echo `echo hi;`;`;' },
  // The inner text is `echo $HOME \ \a`: one escaped space joins `\a` into one word.
  { input: 'echo `echo \\$HOME \\\\ \\a`', want: 'echo `echo $HOME \\ \\a;`;' },
  { input: 'echo "`echo \\"hi\\"`"', want: 'echo "`echo "hi";`";' },
  { input: "echo `echo '\\\"'`", want: "echo `echo '\\\"';`;" },
  { input: 'echo $(echo `echo a`)', want: 'echo $(echo `echo a;`;);' },

  // Tilde prefixes: leading and unquoted, up to the first `/`; in assignments after `=` and `:`.
  { input: 'echo ~ ~/x ~bob ~bob/x', want: 'echo ~{} ~{}/x ~{bob} ~{bob}/x;' },
  { input: 'echo a~ "~" \\~ ~"bob" ~b"o"b ~$x', want: 'echo a~ "~" \\~ ~"bob" ~b"o"b ~$x;' },
  // bash, not POSIX: an argument shaped like an assignment gets an assignment's tilde prefixes.
  { input: 'echo ~/a~/b a=~ --opt=~ a=x:~', want: 'echo ~{}/a~/b a=~{} --opt=~ a=x:~{};' },
  { input: 'P=~/bin:~bob/x:~ cmd ~', want: '[P=~{}/bin:~{bob}/x:~{}] cmd ~{};' },
  { input: 'P=a~:x~ Q=~"x"', want: '[P=a~:x~] [Q=~"x"];' },
  // bash 5.2: outside assignments a prefix ended by `:` has a tail up to the first `/` (`~{user|tail}`); a quote in it leaves the `~`.
  { input: 'echo ~root:x ~:$x/y ~:$(a)b ~nosuch:a:b ~root:"a" ~:a\\b', want: 'echo ~{root|:x} ~{|:$x}/y ~{|:$(a;)b} ~{nosuch|:a:b} ~root:"a" ~:a\\b;' },
  { input: 'a=~root:x echo a=~:x ${u:-~:$x} ${u:=~:$x} ${u:-~:a}', want: '[a=~{root}:x] echo a=~{}:x ${u:-~{|:$x}} ${u:=~{}:$x} ${u:-~{|:a}};' },

  // Pipelines, negation, and-or lists, separators.
  { input: 'a | b | c', want: 'a | b | c;' },
  { input: '! a | b', want: '! a | b;' },
  { input: '!a', want: '!a;' },
  { input: 'a && b || c', want: 'a && b || c;' },
  { input: 'a && ! b', want: 'a && ! b;' },
  { input: 'a |\n\n b', want: 'a | b;' },
  { input: 'a &&\n # why\n b', want: 'a && b;' },
  { input: 'a ||\nb', want: 'a || b;' },
  { input: 'a; b & c', want: 'a; b & c;' },
  { input: 'a &', want: 'a &' },
  { input: 'a; b;', want: 'a; b;' },
  { input: 'a&b', want: 'a & b;' },
  { input: 'a\nb\n\nc\n', want: 'a; b; c;' },
  { input: 'a;\n\nb', want: 'a; b;' },
  { input: 'sleep 1 & sleep 2 &\n', want: 'sleep 1 & sleep 2 &' },

  // Redirects.
  { input: 'cat <in >out 2>err', want: 'cat <in >out 2>err;' },
  { input: 'cmd >>log 3<in 4<>rw >|clobber', want: 'cmd >>log 3<in 4<>rw >|clobber;' },
  { input: 'cmd 2>&1 >&- <&3 3>&-', want: 'cmd 2>&1 >&- <&3 3>&-;' },
  { input: 'cmd &>all &>>more', want: 'cmd &>all &>>more;' },
  { input: 'cat <<< "a b" 3<<<x', want: 'cat <<<"a b" 3<<<x;' },
  { input: 'echo > "$f" 2> $(name)', want: 'echo >"$f" 2>$(name;);' },
  { input: 'echo 2 > x', want: 'echo 2 >x;' },
  { input: 'echo a2>x', want: 'echo a2 >x;' },
  { input: 'echo 2&>x', want: 'echo 2 &>x;' },
  { input: 'echo 99999999999>x', want: 'echo 99999999999 >x;' },
  // bash's {NAME}: directly before a file or duplicating operator; elsewhere a word.
  { input: 'exec {fd}>f {in}<g {rw}<>h {a}>>i {b}>|j', want: 'exec {fd}>f {in}<g {rw}<>h {a}>>i {b}>|j;' },
  { input: 'exec {fd}>&- {o}>&1 {i}<&0', want: 'exec {fd}>&- {o}>&1 {i}<&0;' },
  { input: 'echo {a}x {b} {c} >f', want: 'echo {a}x {b} {c} >f;' },
  { input: 'echo {1x}>f {a-b}>g', want: 'echo {1x} {a-b} >f >g;' },
  { input: 'cat {x}<<<w', want: 'cat {x} <<<w;' },
  { input: 'exec {a[1]}>f {COPROC[1]}>&- {b[}>g', want: 'exec {b[} {a[1]}>f {COPROC[1]}>&- >g;' },
  { input: '2>/dev/null', want: '2>/dev/null;' },
  { input: '>a >b', want: '>a >b;' },
  { input: 'cmd >A=1', want: 'cmd >A=1;' },

  // Once unsupported, now the grammar's (the error rows that asserted so became these); bash takes `! !` too.
  { input: 'if true; then a; fi', want: 'if true; then a; fi;' },
  { input: '{ a; }', want: '{ a; };' },
  { input: '(a)', want: '( a; );' },
  { input: 'echo $((1 + 2))', want: 'echo $((1 + 2));' },
  { input: '! ! true', want: 'true;' },
];

testSketches(rows);

/** What a parse error says and whether more input could complete it. */
const errorRows: { input: string; message: string; incomplete: boolean }[] = [
  // Unclosed constructs: more input could close them.
  { input: "echo 'abc", message: 'line 1, column 6: unterminated single quote', incomplete: true },
  { input: 'echo "abc', message: 'line 1, column 6: unterminated double quote', incomplete: true },
  { input: 'echo "a\\', message: 'line 1, column 6: unterminated double quote', incomplete: true },
  { input: 'echo $(ls', message: "line 1, column 6: unterminated command substitution `$('", incomplete: true },
  { input: 'echo $(ls |', message: "line 1, column 12: syntax error: unexpected end of input after `|'", incomplete: true },
  { input: 'echo "$(ls', message: "line 1, column 7: unterminated command substitution `$('", incomplete: true },
  { input: 'echo `ls', message: 'line 1, column 6: unterminated backquote', incomplete: true },
  { input: 'echo ${', message: "line 1, column 6: unterminated parameter expansion `${'", incomplete: true },
  { input: 'echo ${ab', message: "line 1, column 6: unterminated parameter expansion `${'", incomplete: true },
  { input: 'echo a |', message: "line 1, column 9: syntax error: unexpected end of input after `|'", incomplete: true },
  { input: 'echo a |\n\n', message: "line 3, column 1: syntax error: unexpected end of input after `|'", incomplete: true },
  { input: 'echo a &&', message: "line 1, column 10: syntax error: unexpected end of input after `&&'", incomplete: true },
  { input: 'echo a ||\n', message: "line 2, column 1: syntax error: unexpected end of input after `||'", incomplete: true },
  { input: 'echo a \\', message: "line 1, column 8: unexpected end of input after `\\'", incomplete: true },
  { input: 'echo a \\\n', message: "line 1, column 8: unexpected end of input after `\\'", incomplete: true },
  { input: '!', message: "line 1, column 2: syntax error: unexpected end of input after `!'", incomplete: true },
  { input: 'echo >', message: "line 1, column 7: syntax error: unexpected end of input after `>'", incomplete: true },
  { input: 'echo 2>&', message: "line 1, column 9: syntax error: unexpected end of input after `2>&'", incomplete: true },
  // Once unsupported, now the grammar's (the rows that asserted so became these).
  { input: 'cat <<EOF', message: "line 1, column 5: here-document not closed (wanted `EOF')", incomplete: true },

  // Errors no further input can fix.
  { input: '| echo', message: "line 1, column 1: syntax error near unexpected token `|'", incomplete: false },
  { input: 'echo a | | b', message: "line 1, column 10: syntax error near unexpected token `|'", incomplete: false },
  { input: 'echo a && && b', message: "line 1, column 11: syntax error near unexpected token `&&'", incomplete: false },
  { input: '&& b', message: "line 1, column 1: syntax error near unexpected token `&&'", incomplete: false },
  { input: 'echo a | && b', message: "line 1, column 10: syntax error near unexpected token `&&'", incomplete: false },
  { input: ';', message: "line 1, column 1: syntax error near unexpected token `;'", incomplete: false },
  { input: 'echo a ; ;', message: "line 1, column 10: syntax error near unexpected token `;'", incomplete: false },
  { input: 'echo a & ;', message: "line 1, column 10: syntax error near unexpected token `;'", incomplete: false },
  { input: 'echo a ;;', message: "line 1, column 8: syntax error near unexpected token `;;'", incomplete: false },
  { input: '&', message: "line 1, column 1: syntax error near unexpected token `&'", incomplete: false },
  { input: 'echo )', message: "line 1, column 6: syntax error near unexpected token `)'", incomplete: false },
  { input: 'echo $(a))', message: "line 1, column 10: syntax error near unexpected token `)'", incomplete: false },
  { input: 'echo (', message: "line 1, column 6: syntax error near unexpected token `('", incomplete: false },
  { input: 'echo >\n', message: "line 1, column 7: syntax error near unexpected token `newline'", incomplete: false },
  { input: 'echo > ;', message: "line 1, column 8: syntax error near unexpected token `;'", incomplete: false },
  { input: 'echo > | x', message: "line 1, column 8: syntax error near unexpected token `|'", incomplete: false },
  { input: 'echo a |\n|', message: "line 2, column 1: syntax error near unexpected token `|'", incomplete: false },
  { input: '!\n', message: "line 1, column 2: syntax error near unexpected token `newline'", incomplete: false },
  { input: 'echo a | ! cat', message: "line 1, column 10: syntax error near unexpected token `!'", incomplete: false },
  { input: 'then', message: "line 1, column 1: syntax error near unexpected token `then'", incomplete: false },
  { input: 'a; fi', message: "line 1, column 4: syntax error near unexpected token `fi'", incomplete: false },
  { input: 'echo ${x:-y', message: "line 1, column 6: unterminated parameter expansion `${'", incomplete: true },
  { input: 'echo "${x#"a}"', message: "line 1, column 7: unterminated parameter expansion `${'", incomplete: true },

  // A construct that met the wrong token is not incomplete: no further line could fix it.
  { input: '( { a; } b )', message: "line 1, column 10: syntax error near unexpected token `b'", incomplete: false },
  // Quirl, not bash: bash reads `for ((' up to `))' and fails when it runs; here a lone `)' is the error.
  { input: 'for ((i=0) ; ; )); do :; done', message: "line 1, column 10: syntax error: `((' of `for ((' is closed by a single `)'", incomplete: false },
  { input: '[[ x =~ ]]', message: "line 1, column 9: syntax error in conditional expression near `]]'", incomplete: false },
  { input: '[[ x =~', message: "line 1, column 8: syntax error: unexpected end of input after `=~'", incomplete: true },
  { input: '[[ -z ]]', message: "line 1, column 7: syntax error in conditional expression: unexpected argument `]]' to conditional unary operator `-z'", incomplete: false },
  // Quirl, not bash: a function name is checked when it is parsed (bash: when the definition runs).
  { input: '"f"() { :; }', message: "line 1, column 1: `\"f\"': not a valid function name", incomplete: false },

  // Inside a closed backquote nothing is incomplete, and positions point into the enclosing text.
  { input: "echo `echo 'a`", message: 'line 1, column 12: unterminated single quote', incomplete: false },
  { input: 'echo `echo |`', message: "line 1, column 13: syntax error: unexpected end of input after `|'", incomplete: false },
  { input: 'x\necho `a \\`b |\\``', message: "line 2, column 15: syntax error: unexpected end of input after `|'", incomplete: false },
];

for (const { input, message, incomplete } of errorRows) {
  test(`parse error ${JSON.stringify(input)}`, () => {
    const error = parseErrorOf(() => parse(input));
    assert.equal(error.message, message);
    assert.equal(error.incomplete, incomplete);
  });
}

/** Where `${x:offset:length}` splits: at the first `:` outside parentheses and conditionals. */
const substringRows: { input: string; offset: string; length: string | null }[] = [
  { input: '${x:1?2:0}', offset: '1?2:0', length: null },
  { input: '${x:(1):2}', offset: '(1)', length: '2' },
  { input: '${x:(-3):2}', offset: '(-3)', length: '2' },
  { input: '${x:1?2:3:2}', offset: '1?2:3', length: '2' },
  { input: '${x:(1)+1:1}', offset: '(1)+1', length: '1' },
  { input: '${x:(a?1:2):b?3:4}', offset: '(a?1:2)', length: 'b?3:4' },
  { input: '${x:1:2:3}', offset: '1', length: '2:3' },
  { input: '${x:"(":1}', offset: '"("', length: '1' },
];

for (const { input, offset, length } of substringRows) {
  test(`parse substring ${input}`, () => {
    const [item] = parse(`echo ${input}`).body.items;
    const part = simple(item!.andOr.first.commands[0]).words[1]!.parts[0]!;
    assert.ok(part.kind === 'ParameterExpansion' && part.operator?.kind === 'Substring');
    assert.deepEqual([part.operator.offset.text, part.operator.length?.text ?? null], [offset, length]);
  });
}

test('parse: Pipeline.text is the pipeline exactly as written, trimmed', () => {
  const program = parse('  sleep 30 |  cat -n &  ! grep x\\\n y >out # note\n');
  const texts = program.body.items.map((item) => item.andOr.first.text);
  assert.deepEqual(texts, ['sleep 30 |  cat -n', '! grep x\\\n y >out']);
  const [first] = parse('a && b   || c').body.items;
  assert.deepEqual(
    [first!.andOr.first, ...first!.andOr.rest.map((step) => step.pipeline)].map((pipeline) => pipeline.text),
    ['a', 'b', 'c'],
  );
});

test('parse: Word.text is the word as written, also inside substitutions', () => {
  const [item] = parse('cat "$f"x >$(echo "a b") <<<`echo \\`x\\``').body.items;
  const command = simple(item!.andOr.first.commands[0]);
  assert.deepEqual(command.words.map((word) => word.text), ['cat', '"$f"x']);
  assert.deepEqual(command.redirects.map((redirect) => target(redirect).text), ['$(echo "a b")', '`echo \\`x\\``']);
  const substitution = target(command.redirects[1]).parts[0]!;
  assert.equal(substitution.kind, 'CommandSubstitution');
  // Inside backquotes the text is the command as it runs, its escapes resolved.
  assert.equal(substitution.program.body.items[0]!.andOr.first.text, 'echo `x`');
});

/** A span's two positions, as plain data: a span works them out only when they are read. */
function positions(span: Span): Span {
  return { start: span.start, end: span.end };
}

test('parse: spans are 0-based offsets with 1-based lines and columns', () => {
  const program = parse('echo a\n  cat "$x" 2>err');
  assert.deepEqual(positions(program.span), { start: { offset: 0, line: 1, column: 1 }, end: { offset: 23, line: 2, column: 17 } });
  const [, second] = program.body.items;
  const cat = simple(second!.andOr.first.commands[0]);
  assert.deepEqual(positions(cat.span), { start: { offset: 9, line: 2, column: 3 }, end: { offset: 23, line: 2, column: 17 } });
  const quoted = cat.words[1]!;
  assert.deepEqual(quoted.span.start, { offset: 13, line: 2, column: 7 });
  assert.deepEqual(quoted.span.end, { offset: 17, line: 2, column: 11 });
  const parameter = quoted.parts[0]!.kind === 'DoubleQuoted' ? quoted.parts[0]!.parts[0]! : undefined;
  assert.deepEqual(parameter?.span.start, { offset: 14, line: 2, column: 8 });
  assert.deepEqual(cat.redirects[0]!.span.start, { offset: 18, line: 2, column: 12 });
});

test('parse: spans inside a backquote map back to where the text was written', () => {
  const [item] = parse('echo `a \\$b`').body.items;
  const substitution = simple(item!.andOr.first.commands[0]).words[1]!.parts[0]!;
  assert.equal(substitution.kind, 'CommandSubstitution');
  const inner = simple(substitution.program.body.items[0]!.andOr.first.commands[0]);
  const b = inner.words[1]!;
  assert.equal(b.text, '$b');
  // `$` was written at offset 9, after the backslash that escaped it.
  assert.deepEqual(b.span.start, { offset: 9, line: 1, column: 10 });
  assert.deepEqual(b.span.end, { offset: 11, line: 1, column: 12 });
});

// How fast this runs is the benchmark's business (a wall-clock bound here fails on a loaded machine).
test('parse: a 1 MiB word, a word of 100,000 fragments and 100,000 assignment-like runs parse whole', () => {
  const big = 'x'.repeat(1024 * 1024);
  const fragments = '$a'.repeat(100_000);
  const equals = `${'.='.repeat(100_000)} cmd`;
  const [one] = parse(`echo ${big}`).body.items;
  const [two] = parse(`echo ${fragments}`).body.items;
  assert.equal(parse(equals).body.items.length, 1);
  assert.equal(simple(one!.andOr.first.commands[0]).words[1]!.text.length, big.length);
  assert.equal(simple(two!.andOr.first.commands[0]).words[1]!.parts.length, 100_000);
});

test('parse: substitutions nested too deeply are a parse error, not a stack overflow', () => {
  const deep = `${'$('.repeat(500)}x${')'.repeat(500)}`;
  assert.throws(() => parse(deep), (error: unknown) => error instanceof ParseError && /nested more than 200 deep/.test(error.message));
  const fine = `${'$('.repeat(50)}x${')'.repeat(50)}`;
  assert.doesNotThrow(() => parse(fine));
});

test('parse: 10,000 `!` in [[ ]] are a parse error, not a stack overflow', () => {
  const error = parseErrorOf(() => parse(`[[ ${'! '.repeat(10_000)}x ]]`), 'ResourceLimit');
  assert.match(error.message, /nested more than 200 deep/);
});

test('parse: a here-document cut off by the end of a script ends in a newline, as bash reads its last line', () => {
  const warnings: string[] = [];
  const program = parse('cat <<EOF\nno end', { final: true, warn: (message) => warnings.push(message) });
  assert.equal(sketch(program), 'cat <<EOF[no end\n];');
  assert.deepEqual(warnings, ["warning: here-document at line 1 delimited by end-of-file (wanted `EOF')"]);
});

test("parse: $'\\u...' is decoded in the locale the parser is told of as it reads each word", () => {
  const value = (text: string, utf8: boolean): unknown => {
    const [item] = parse(text, { utf8Locale: () => utf8 }).body.items;
    const part = simple(item!.andOr.first.commands[0]).words[1]!.parts[0]!;
    return part.kind === 'SingleQuoted' ? part.value : part.kind;
  };
  assert.equal(value("echo $'\\u00e9'", true), 'é');
  assert.equal(value("echo $'\\u00e9\\U0001F600\\u41'", false), '\\u00E9\\U0001F600A');
  let utf8 = false;
  const [first, second] = parse("echo $'\\u00e9'\necho $'\\u00e9'", { utf8Locale: () => (utf8 = !utf8) }).body.items;
  const values = [first, second].map((item) => simple(item!.andOr.first.commands[0]).words[1]!.parts[0]);
  assert.deepEqual(values.map((part) => (part?.kind === 'SingleQuoted' ? part.value : '')), ['é', '\\u00E9']);
});
