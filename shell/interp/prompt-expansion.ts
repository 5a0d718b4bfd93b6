/**
 * Expanding a text as bash expands a decoded prompt (promptvars) and $ENV: parameters, command
 * substitution and arithmetic, as in double quotes, with no field splitting or globbing. The text
 * is read as the body of an unquoted here-document, which expands exactly so (a lone `"` stays).
 */
import { ExpansionBudget, expandWord } from '../expand';
import type { Context } from './context';
import type { Evaluator } from './evaluator';
import { parse, type Word } from '../syntax';

/** The here-document body that holds `text`, parsed. Throws a ParseError for a bad substitution in it. */
function bodyWord(text: string): Word {
  let delimiter = 'QUIRL_PROMPT';
  while (text.split('\n').includes(delimiter)) delimiter += '_';
  const program = parse(`:<<${delimiter}\n${text}\n${delimiter}\n`);
  const command = program.body.items[0]?.andOr.first.commands[0];
  const redirect = command?.kind === 'SimpleCommand' ? command.redirects[0] : undefined;
  if (redirect?.kind !== 'HereDocument') throw new Error('a here-document did not parse as one');
  return redirect.body;
}

/**
 * `text` expanded in `context`; the newline the here-document adds is taken off again. A `$(...)`
 * in it leaves `$?` as it was (bash keeps it across a prompt's expansion, PS4's included).
 */
export async function expandText(text: string, evaluator: Evaluator, context: Context): Promise<string> {
  // Nothing to expand: only the quoting comes off (and a backslash-newline, as in a here-document).
  if (!/^(?:[^\\$`]|\\[\s\S])*[$`]/.test(text)) return text.replace(/\\([$`\\\n])/g, (_, quoted: string) => (quoted === '\n' ? '' : quoted));
  const status = context.state.lastStatus;
  try {
    const expanded = await expandWord(bodyWord(text), evaluator.expansionEnvironment(context), new ExpansionBudget());
    return expanded.endsWith('\n') ? expanded.slice(0, -1) : expanded;
  } finally {
    context.state.lastStatus = status;
  }
}
