import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShellError, ParseError } from '../../shell/errors';
import {
  parse,
  type Arithmetic,
  type Clause,
  type Command,
  type ConditionalExpression,
  type List,
  type Pipeline,
  type Program,
  type Redirect,
  type SimpleCommand,
  type Word,
  type WordPart,
} from '../../shell/syntax';

/*
 * Trees are compared as a compact sketch, one canonical spelling per tree:
 *   list items end in `;` or ` &` and join with ` `; and-ors join with ` && ` / ` || `;
 *   a pipeline is `time ` or `time -p ` if timed, `! ` if negated, then its commands joined with
 *   ` | ` (` |& ` where the stage before also sends stderr down the pipe);
 *   a simple command is its assignments (as `[NAME=value]`), then its words, then its redirects;
 *   a compound command is its clause, then its redirects; a clause is spelled as in the source
 *   with each LIST sketched as above: `{ LIST }`, `( LIST )`, `if LIST then LIST elif LIST then
 *   LIST else LIST fi`, `while LIST do LIST done` (`until`), `for NAME in WORDS; do LIST done`
 *   (`for NAME; do` without `in`), `for ((A;B;C)); do LIST done`, `case WORD in ITEM... esac`
 *   with each ITEM `P|P) LIST ;;` (or `;&`, `;;&`; an empty LIST leaves `P) ;;`), `((A))`, and
 *   `[[ E ]]` where E is a word, `-op word`, `word op word`, `! E`, `( E )` for written
 *   parentheses and `{E && E}` / `{E || E}` for the and-or structure;
 *   a function definition, in either form, is `NAME() COMPOUND`;
 *   unquoted literals as they are, escaped characters as `\c`, quotes as written, `$x` / `${x}`,
 *   `$(...)` and `` `...` `` with their program sketched inside, `$((A))`, a tilde prefix as `~{user}`;
 *   quoted text (inside "...", arithmetic A, a here-document body) as inside double quotes, with
 *   `"`, `\`, `$` and `` ` `` escaped when literal;
 *   a here-document is `[n]<<DELIM` (`<<-`; `'DELIM'` when quoted: no expansion) then `[BODY]`.
 */
function sketch(program: Program): string {
  return sketchList(program.body);
}

function sketchList(list: List): string {
  return list.items
    .map((item) => {
      const { first, rest } = item.andOr;
      const andOr = [first, ...rest.map((step) => step.pipeline)]
        .map((pipeline, index) => (index === 0 ? sketchPipeline(pipeline) : `${rest[index - 1]!.operator} ${sketchPipeline(pipeline)}`))
        .join(' ');
      return andOr + (item.background ? ' &' : ';');
    })
    .join(' ');
}

function sketchPipeline(pipeline: Pipeline): string {
  const commands = pipeline.commands
    .map((command, index) => (index === 0 ? '' : pipeline.stderrPiped[index - 1] ? ' |& ' : ' | ') + sketchCommand(command))
    .join('');
  const time = pipeline.time === null ? '' : pipeline.time.posix ? 'time -p' : 'time';
  return [time, pipeline.negated ? '!' : '', commands].filter((piece) => piece !== '').join(' ');
}

function sketchCommand(command: Command): string {
  switch (command.kind) {
    case 'SimpleCommand':
      return [
        ...command.assignments.map((assignment) => `[${assignment.name}=${sketchWord(assignment.value)}]`),
        ...command.words.map(sketchWord),
        ...command.redirects.map(sketchRedirect),
      ].join(' ');
    case 'CompoundCommand':
      return [sketchClause(command.clause), ...command.redirects.map(sketchRedirect)].join(' ');
    case 'FunctionDefinition':
      return `${command.name}() ${sketchCommand(command.body)}`;
  }
}

function sketchClause(clause: Clause): string {
  switch (clause.kind) {
    case 'BraceGroup':
      return `{ ${sketchList(clause.body)} }`;
    case 'Subshell':
      return `( ${sketchList(clause.body)} )`;
    case 'IfClause': {
      const branches = clause.branches.map(({ condition, body }) => `${sketchList(condition)} then ${sketchList(body)}`);
      const otherwise = clause.otherwise === null ? '' : ` else ${sketchList(clause.otherwise)}`;
      return `if ${branches.join(' elif ')}${otherwise} fi`;
    }
    case 'LoopClause':
      return `${clause.until ? 'until' : 'while'} ${sketchList(clause.condition)} do ${sketchList(clause.body)} done`;
    case 'ForClause': {
      const words = clause.words === null ? '' : ` in${clause.words.map((word) => ` ${sketchWord(word)}`).join('')}`;
      return `for ${clause.name}${words}; do ${sketchList(clause.body)} done`;
    }
    case 'ArithmeticForClause': {
      const expressions = [clause.init, clause.condition, clause.step].map(sketchArithmetic).join(';');
      return `for ((${expressions})); do ${sketchList(clause.body)} done`;
    }
    case 'CaseClause': {
      const items = clause.items.map((item) =>
        [`${item.patterns.map(sketchWord).join('|')})`, sketchList(item.body), item.terminator].filter((piece) => piece !== '').join(' '),
      );
      return ['case', sketchWord(clause.subject), 'in', ...items, 'esac'].join(' ');
    }
    case 'ArithmeticCommand':
      return `((${sketchArithmetic(clause.arithmetic)}))`;
    case 'ConditionalCommand':
      return `[[ ${sketchConditional(clause.expression)} ]]`;
  }
}

function sketchConditional(expression: ConditionalExpression): string {
  switch (expression.kind) {
    case 'CondWord':
      return sketchWord(expression.word);
    case 'CondUnary':
      return `${expression.operator} ${sketchWord(expression.operand)}`;
    case 'CondBinary':
      return `${sketchWord(expression.left)} ${expression.operator} ${sketchWord(expression.right)}`;
    case 'CondNot':
      return `! ${sketchConditional(expression.operand)}`;
    case 'CondAnd':
    case 'CondOr':
      return `{${sketchConditional(expression.left)} ${expression.kind === 'CondAnd' ? '&&' : '||'} ${sketchConditional(expression.right)}}`;
    case 'CondGroup':
      return `( ${sketchConditional(expression.inner)} )`;
  }
}

function sketchArithmetic(arithmetic: Arithmetic): string {
  return sketchQuoted(arithmetic.expression.parts);
}

function sketchRedirect(redirect: Redirect): string {
  switch (redirect.kind) {
    case 'FileRedirect':
    case 'DupRedirect':
      return `${redirect.fd ?? ''}${redirect.operator}${sketchWord(redirect.target)}`;
    case 'BothRedirect':
      return `${redirect.operator}${sketchWord(redirect.target)}`;
    case 'HereString':
      return `${redirect.fd ?? ''}<<<${sketchWord(redirect.target)}`;
    case 'HereDocument': {
      const delimiter = redirect.literal ? `'${redirect.delimiter}'` : redirect.delimiter;
      return `${redirect.fd ?? ''}<<${redirect.stripTabs ? '-' : ''}${delimiter}[${sketchQuoted(redirect.body.parts)}]`;
    }
  }
}

function sketchWord(word: Word): string {
  return word.parts.map(sketchPart).join('');
}

/** Parts of quoted text: its literals are all quoted, so only the characters that mean something there are escaped. */
function sketchQuoted(parts: readonly WordPart[]): string {
  return parts.map((part) => (part.kind === 'Literal' ? part.value.replace(/["\\$`]/g, '\\$&') : sketchPart(part))).join('');
}

function sketchPart(part: WordPart): string {
  switch (part.kind) {
    case 'Literal':
      return part.quoted ? part.value.replace(/./gsu, '\\$&') : part.value;
    case 'SingleQuoted':
      return `'${part.value}'`;
    case 'DoubleQuoted':
      return `"${sketchQuoted(part.parts)}"`;
    case 'ParameterExpansion':
      return part.braced ? `\${${part.name}}` : `$${part.name}`;
    case 'CommandSubstitution':
      return part.style === 'dollar' ? `$(${sketch(part.program)})` : `\`${sketch(part.program)}\``;
    case 'ArithmeticExpansion':
      return `$((${sketchArithmetic(part.arithmetic)}))`;
    case 'Tilde':
      return `~{${part.user}}`;
  }
}

/** The command as a simple command: the tests of words and redirects below look at those. */
function simple(command: Command | undefined): SimpleCommand {
  assert.ok(command?.kind === 'SimpleCommand');
  return command;
}

/** A redirect's target word (a here-document has a body instead). */
function target(redirect: Redirect | undefined): Word {
  assert.ok(redirect !== undefined && redirect.kind !== 'HereDocument');
  return redirect.target;
}

const rows: { input: string; want: string }[] = [
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

for (const { input, want } of rows) {
  test(`parse ${JSON.stringify(input)}`, () => {
    assert.equal(sketch(parse(input)), want);
  });
}

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
  { input: 'echo ${}', message: "line 1, column 8: bad or unsupported substitution `${}'", incomplete: false },
  { input: 'echo ${a b}', message: "line 1, column 9: bad or unsupported substitution `${a '", incomplete: false },
  { input: 'echo ${x:-y}', message: "line 1, column 9: bad or unsupported substitution `${x:'", incomplete: false },
  { input: 'echo ${1a}', message: "line 1, column 9: bad or unsupported substitution `${1a'", incomplete: false },

  // Inside a closed backquote nothing is incomplete, and positions point into the enclosing text.
  { input: "echo `echo 'a`", message: 'line 1, column 12: unterminated single quote', incomplete: false },
  { input: 'echo `echo |`', message: "line 1, column 13: syntax error: unexpected end of input after `|'", incomplete: false },
  { input: 'x\necho `a \\`b |\\``', message: "line 2, column 15: syntax error: unexpected end of input after `|'", incomplete: false },
];

for (const { input, message, incomplete } of errorRows) {
  test(`parse error ${JSON.stringify(input)}`, () => {
    assert.throws(
      () => parse(input),
      (error: unknown) => {
        assert.ok(error instanceof ParseError);
        assert.ok(isShellError(error, 'ParseError'));
        assert.equal(error.message, message);
        assert.equal(error.incomplete, incomplete);
        assert.equal(error.status, 2);
        return true;
      },
    );
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

test('parse: spans are 0-based offsets with 1-based lines and columns', () => {
  const program = parse('echo a\n  cat "$x" 2>err');
  assert.deepEqual(program.span, { start: { offset: 0, line: 1, column: 1 }, end: { offset: 23, line: 2, column: 17 } });
  const [, second] = program.body.items;
  const cat = simple(second!.andOr.first.commands[0]);
  assert.deepEqual(cat.span, { start: { offset: 9, line: 2, column: 3 }, end: { offset: 23, line: 2, column: 17 } });
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
