/**
 * Syntax trees as the parser's tests compare them: a compact sketch, one canonical spelling per tree.
 *
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
 *   `${x<op>WORD}` as written (`${x//a/}`: a replacement always shown), a bad one as `<bad TEXT>`,
 *   `$(...)` and `` `...` `` with their program sketched inside, `$((A))`, a tilde prefix as `~{user}`;
 *   quoted text (inside "...", arithmetic A, a here-document body) as inside double quotes, with
 *   `"`, `\`, `$` and `` ` `` escaped when literal;
 *   a here-document is `[n]<<DELIM` (`<<-`; `'DELIM'` when quoted: no expansion) then `[BODY]`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShellError } from '../../shell/errors';
import { ParseError } from '../../shell/syntax/source';
import { parse } from '../../shell/syntax';
import type {
  Arithmetic,
  Assignment,
  Clause,
  Command,
  ConditionalExpression,
  List,
  ParameterExpansion,
  Pipeline,
  Program,
  Redirect,
  SimpleCommand,
  Word,
  WordPart,
} from '../../shell/syntax';

export function sketch(program: Program): string {
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

function sketchAssignment(assignment: Assignment): string {
  const { name, subscript, append, value } = assignment;
  const target = `${name}${subscript === null ? '' : `[${sketchWord(subscript)}]`}${append ? '+' : ''}`;
  if (value.kind === 'Word') return `[${target}=${sketchWord(value)}]`;
  const elements = value.elements.map((element) => (element.key === null ? sketchWord(element.value) : `[${sketchWord(element.key)}]${element.append ? '+' : ''}=${sketchWord(element.value)}`));
  return `[${target}=(${elements.join(' ')})]`;
}

function sketchCommand(command: Command): string {
  switch (command.kind) {
    case 'SimpleCommand':
      return [
        ...command.assignments.map(sketchAssignment),
        ...command.words.map(sketchWord),
        ...command.redirects.map(sketchRedirect),
      ].join(' ');
    case 'CompoundCommand':
      return [sketchClause(command.clause), ...command.redirects.map(sketchRedirect)].join(' ');
    case 'FunctionDefinition':
      return `${command.name}() ${sketchCommand(command.body)}`;
    case 'Coprocess':
      return `coproc ${command.name} ${sketchCommand(command.command)}`;
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
    case 'ForClause':
    case 'SelectClause': {
      const words = clause.words === null ? '' : ` in${clause.words.map((word) => ` ${sketchWord(word)}`).join('')}`;
      return `${clause.kind === 'ForClause' ? 'for' : 'select'} ${clause.name}${words}; do ${sketchList(clause.body)} done`;
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
      return `${redirect.varname === undefined ? (redirect.fd ?? '') : `{${redirect.varname}}`}${redirect.operator}${sketchWord(redirect.target)}`;
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
      return sketchParameter(part);
    case 'CommandSubstitution':
      return part.style === 'dollar' ? `$(${sketch(part.program)})` : `\`${sketch(part.program)}\``;
    case 'ArithmeticExpansion':
      return `$((${sketchArithmetic(part.arithmetic)}))`;
    case 'Tilde':
      return `~{${part.user}${part.tail === undefined ? '' : `|${sketchWord(part.tail)}`}}`;
    case 'ProcessSubstitution':
      return `${part.direction}(${sketch(part.program)})`;
  }
}

function sketchParameter(part: ParameterExpansion): string {
  const { operator } = part;
  if (!part.braced) return `$${part.name}`;
  const { subscript } = part;
  const index = subscript === undefined ? '' : subscript.kind === 'All' ? (subscript.star ? '[*]' : '[@]') : `[${sketchWord(subscript.word)}]`;
  const name = `${part.indirect === true ? '!' : ''}${part.name}${index}`;
  switch (operator?.kind) {
    case undefined:
      return `\${${name}}`;
    case 'Length':
      return `\${#${name}}`;
    case 'Default':
      return `\${${name}${operator.colon ? ':' : ''}${operator.test}${sketchWord(operator.word)}}`;
    case 'Trim':
      return `\${${name}${operator.longest ? operator.side.repeat(2) : operator.side}${sketchWord(operator.pattern)}}`;
    case 'Replace': {
      const mode = { first: '', all: '/', prefix: '#', suffix: '%' }[operator.mode];
      return `\${${name}/${mode}${sketchWord(operator.pattern)}/${sketchWord(operator.replacement)}}`;
    }
    case 'Substring':
      return `\${${name}:${sketchWord(operator.offset)}${operator.length === null ? '' : `:${sketchWord(operator.length)}`}}`;
    case 'Case': {
      const letter = operator.upper ? '^' : ',';
      return `\${${name}${operator.all ? letter.repeat(2) : letter}${sketchWord(operator.pattern)}}`;
    }
    case 'Transform':
      return `\${${name}@${operator.letter}}`;
    case 'Names':
      return `\${!${part.name}${operator.star ? '*' : '@'}}`;
    case 'Keys':
      return `\${!${part.name}[${operator.star ? '*' : '@'}]}`;
    case 'Bad':
      return `<bad ${operator.text}>`;
  }
}

/** The command as a simple command: the tests of words and redirects below look at those. */
export function simple(command: Command | undefined): SimpleCommand {
  assert.ok(command?.kind === 'SimpleCommand');
  return command;
}

/** A redirect's target word (a here-document has a body instead). */
export function target(redirect: Redirect | undefined): Word {
  assert.ok(redirect !== undefined && redirect.kind !== 'HereDocument');
  return redirect.target;
}

/**
 * The ParseError `run` throws, checked for what every parse error has: its code and status 2
 * (ResourceLimit for input nested past a limit of the parser).
 */
export function parseErrorOf(run: () => unknown, code: 'ParseError' | 'ResourceLimit' = 'ParseError'): ParseError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ParseError, `expected a ParseError, got ${String(caught)}`);
  assert.ok(isShellError(caught, code), `expected the code ${code}, got ${caught.code}`);
  assert.equal(caught.status, 2);
  return caught;
}

/** An input and the sketch of the tree it parses to. */
export interface SketchRow {
  readonly input: string;
  readonly want: string;
}

/** One test per row: the input parses, to the tree sketched. */
export function testSketches(rows: readonly SketchRow[]): void {
  for (const { input, want } of rows) {
    test(`parse ${JSON.stringify(input)}`, () => {
      assert.equal(sketch(parse(input)), want);
    });
  }
}
