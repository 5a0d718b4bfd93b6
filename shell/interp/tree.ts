/** Questions about a piece of syntax tree that the interpreter asks before running it. */
import type { Assignment, ParameterOperator, SimpleCommand, Word, WordPart } from '../syntax/ast';

/** Whether expanding the command would run a command substitution (so it must expand where it runs). */
export function hasCommandSubstitution(command: SimpleCommand): boolean {
  const words: Word[] = [...command.words, ...command.assignments.flatMap(assignmentWords)];
  for (const redirect of command.redirects) words.push(redirect.kind === 'HereDocument' ? redirect.body : redirect.target);
  return words.some(wordHasSubstitution);
}

export function assignmentWords({ subscript, value }: Assignment): Word[] {
  const words = value.kind === 'Word' ? [value] : value.elements.flatMap((element) => (element.key === null ? [element.value] : [element.key, element.value]));
  return subscript === null ? words : [subscript, ...words];
}

function partHasSubstitution(part: WordPart): boolean {
  switch (part.kind) {
    case 'CommandSubstitution':
      return true;
    case 'DoubleQuoted':
      return part.parts.some(partHasSubstitution);
    case 'ArithmeticExpansion':
      return wordHasSubstitution(part.arithmetic.expression);
    case 'ParameterExpansion':
      if (part.subscript?.kind === 'Index' && wordHasSubstitution(part.subscript.word)) return true;
      return part.operator !== undefined && operatorWords(part.operator).some(wordHasSubstitution);
    default:
      return false;
  }
}

function wordHasSubstitution(word: Word): boolean {
  return word.parts.some(partHasSubstitution);
}

/** The words of a `${...}` operator (`${x:-$(cmd)}` runs cmd when it expands). */
export function operatorWords(operator: ParameterOperator): Word[] {
  switch (operator.kind) {
    case 'Default':
      return [operator.word];
    case 'Trim':
    case 'Case':
      return [operator.pattern];
    case 'Replace':
      return [operator.pattern, operator.replacement];
    case 'Substring':
      return operator.length === null ? [operator.offset] : [operator.offset, operator.length];
    default:
      return [];
  }
}
