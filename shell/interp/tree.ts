/** Questions about a piece of syntax tree that the interpreter asks before running it. */
import type { SimpleCommand, Word, WordPart } from '../syntax/ast';

/** Whether expanding the command would run a command substitution (so it must expand where it runs). */
export function hasCommandSubstitution(command: SimpleCommand): boolean {
  const words: Word[] = [...command.words, ...command.assignments.map((assignment) => assignment.value)];
  for (const redirect of command.redirects) words.push(redirect.kind === 'HereDocument' ? redirect.body : redirect.target);
  return words.some((word) => word.parts.some(partHasSubstitution));
}

function partHasSubstitution(part: WordPart): boolean {
  switch (part.kind) {
    case 'CommandSubstitution':
      return true;
    case 'DoubleQuoted':
      return part.parts.some(partHasSubstitution);
    case 'ArithmeticExpansion':
      return part.arithmetic.expression.parts.some(partHasSubstitution);
    default:
      return false;
  }
}
