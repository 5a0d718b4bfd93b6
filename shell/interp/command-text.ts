/**
 * BASH_COMMAND: the command running, or about to run (what a DEBUG trap sees), printed as bash
 * prints it: a simple command's words as written, joined by single spaces, its redirects after
 * them in bash's spelling (`>/dev/null` as `> /dev/null`, `>&2` as `1>&2`), here-document bodies
 * after the line; a `for`, `select` or `case` by its head; `[[ ]]` rebuilt from its expression.
 */
import { assignmentText as writtenAssignment } from '../syntax/lexer';
import type { Arithmetic, ArithmeticCommand, Assignment, CaseClause, ConditionalCommand, ConditionalExpression, ForClause, Redirect, SelectClause, SimpleCommand } from '../syntax/ast';

/** A command that BASH_COMMAND can name: one `((...))` of an arithmetic `for` stands for itself. */
export type AnnouncedCommand = SimpleCommand | ForClause | SelectClause | CaseClause | ArithmeticCommand | ConditionalCommand | Arithmetic;

export function commandText(command: AnnouncedCommand): string {
  switch (command.kind) {
    case 'SimpleCommand':
      return simpleCommandText(command);
    case 'ForClause':
    case 'SelectClause':
      return `${command.kind === 'ForClause' ? 'for' : 'select'} ${command.name} in ${command.words === null ? '"$@"' : command.words.map((word) => word.text).join(' ')}`;
    case 'CaseClause':
      return `case ${command.subject.text} in `;
    case 'ArithmeticCommand':
      return `((${command.arithmetic.expression.text}))`;
    case 'ConditionalCommand':
      return `[[ ${conditionText(command.expression)} ]]`;
    case 'Arithmetic':
      // An expression of `for ((;;))`: bash drops its leading blanks, and an empty one is 1.
      return `((${command.expression.text.trimStart() || '1'}))`;
  }
}

/** A simple command's line: assignments, words and redirects, without here-document bodies. */
export function simpleCommandLine(command: SimpleCommand): string {
  const words = command.words.map((word) => (word.declaration === undefined ? word.text : assignmentText(word.declaration)));
  return [...command.assignments.map(assignmentText), ...words, ...command.redirects.map(redirectText)].join(' ');
}

function simpleCommandText(command: SimpleCommand): string {
  const line = simpleCommandLine(command);
  const bodies = command.redirects.flatMap((redirect) => (redirect.kind === 'HereDocument' ? [`${redirect.body.text}${redirect.delimiter}\n`] : []));
  return bodies.length === 0 ? line : `${line}\n${bodies.join('')}`;
}

/** An assignment as bash prints it: an array's elements one space apart. */
function assignmentText(assignment: Assignment): string {
  const { value } = assignment;
  if (value.kind === 'Word') return writtenAssignment(assignment);
  const elements = value.elements.map(({ key, append, value: element }) => (key === null ? element.text : `[${key.text}]${append ? '+' : ''}=${element.text}`));
  return `${writtenAssignment({ ...assignment, value: { ...value, text: '' } })}(${elements.join(' ')})`;
}

/** One redirect as bash's print_redirection spells it. */
export function redirectText(redirect: Redirect): string {
  switch (redirect.kind) {
    case 'FileRedirect': {
      const implied = redirect.operator === '<' || redirect.operator === '<>' ? 0 : 1;
      const fd = redirect.fd ?? implied;
      // bash names the descriptor of `<>` always.
      return `${fd === implied && redirect.operator !== '<>' ? '' : fd}${redirect.operator} ${redirect.target.text}`;
    }
    case 'DupRedirect': {
      const implied = redirect.operator === '<&' ? 0 : 1;
      const fd = redirect.fd ?? implied;
      const target = redirect.target.text;
      if (target === '-') return `${fd}>&-`;
      // A descriptor number as the target: the fd is named always; a word: only when it is not the operator's own.
      return `${fd === implied && !/^\d+$/.test(target) ? '' : fd}${redirect.operator}${target}`;
    }
    case 'BothRedirect':
      return `${redirect.operator} ${redirect.target.text}`;
    case 'HereString':
      return `${redirect.fd === null || redirect.fd === 0 ? '' : redirect.fd}<<< ${redirect.target.text}`;
    case 'HereDocument': {
      const fd = redirect.fd === null || redirect.fd === 0 ? '' : String(redirect.fd);
      return `${fd}<<${redirect.stripTabs ? '-' : ''}${redirect.literal ? `'${redirect.delimiter}'` : redirect.delimiter}`;
    }
  }
}

type ConditionLink = Extract<ConditionalExpression, { kind: 'CondAnd' | 'CondOr' }>;

/**
 * A chain `a && b || c ...` (it nests on its left) as its first operand and its links in order,
 * found in a loop: a chain of any length is walked without recursing down it.
 */
export function conditionChain(expression: ConditionLink): { first: ConditionalExpression; links: ConditionLink[] } {
  const links: ConditionLink[] = [];
  let first: ConditionalExpression = expression;
  while (first.kind === 'CondAnd' || first.kind === 'CondOr') {
    links.push(first);
    first = first.left;
  }
  return { first, links: links.reverse() };
}

/** A `[[ ]]` expression as bash prints it: a lone word as `-n word`, a group as `( ... )`. */
function conditionText(expression: ConditionalExpression): string {
  switch (expression.kind) {
    case 'CondWord':
      return `-n ${expression.word.text}`;
    case 'CondUnary':
      return `${expression.operator} ${expression.operand.text}`;
    case 'CondBinary':
      return `${expression.left.text} ${expression.operator} ${expression.right.text}`;
    case 'CondNot':
      return `! ${conditionText(expression.operand)}`;
    case 'CondAnd':
    case 'CondOr': {
      const { first, links } = conditionChain(expression);
      return links.reduce((text, link) => `${text} ${link.kind === 'CondAnd' ? '&&' : '||'} ${conditionText(link.right)}`, conditionText(first));
    }
    case 'CondGroup':
      return `( ${conditionText(expression.inner)} )`;
  }
}
