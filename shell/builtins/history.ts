/**
 * `history` and `fc`: the command history an interactive shell keeps, listed, edited and read
 * from or written to files, as bash's builtins do. A shell without a line editor keeps none
 * (bash's `set +o history`): both then list nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandHistory, historyChars } from '../interactive/editor/history-expansion';
import { has, parseOrReport, valueOf } from './options';
import { quoteForShell } from '../syntax/quote';
import type { BuiltinContext, Builtin } from '../interp/builtin-api';
import type { CommandHistory } from '../interp/command-history';

/** `  N  command` lines, bash's format for `history`. */
function numbered(history: CommandHistory, from: number): string {
  return history.entries
    .slice(from)
    .map((entry, index) => `${String(history.base + from + index).padStart(5)}  ${entry}\n`)
    .join('');
}

/** The index into entries of history position `word` (negative: from the end), or undefined when out of range. */
function position(history: CommandHistory, word: string): number | undefined {
  const number = Number(word);
  const index = number < 0 ? history.entries.length + number : number - history.base;
  return Number.isInteger(number) && number !== 0 && index >= 0 && index < history.entries.length ? index : undefined;
}

/** history [N] | -c | -d OFFSET[-LAST] | -anrw [FILE] | -p ARG... | -s ARG... */
export const history: Builtin = async (context) => {
  const { argv, state, output, shell } = context;
  const parsed = await parseOrReport(output, argv, 'cd:anprws');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const delete_ = valueOf(options, 'd');
  const list = state.commandHistory(shell.history());
  if (has(options, 'p')) return printExpanded(context, list, operands);
  if (list === undefined) return 0;
  if (has(options, 's')) {
    // The `history -s` line itself gives way to its arguments, as in bash.
    if (list.lastLineAdded) list.remove(list.entries.length - 1);
    if (operands.length > 0) list.add(operands.join(' '));
    return 0;
  }
  if (has(options, 'c')) list.clear();
  if (delete_ !== undefined) return deleteEntries(context, list, delete_);
  const fileFlags = ['a', 'n', 'r', 'w'].filter((letter) => has(options, letter));
  if (fileFlags.length > 1) {
    await output.err('quirl: history: cannot use more than one of -anrw\n');
    return 1;
  }
  const fileFlag = fileFlags[0];
  if (fileFlag !== undefined) {
    const file = operands[0] ?? state.get('HISTFILE');
    if (file === undefined || file === '') return 0;
    try {
      if (fileFlag === 'a') list.appendTo(file);
      else if (fileFlag === 'n') list.readNewFrom(file);
      else if (fileFlag === 'r') list.readFrom(file);
      else list.writeTo(file);
    } catch (error) {
      await output.err(`quirl: history: ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    return 0;
  }
  if (has(options, 'c')) return 0;
  const count = operands[0];
  if (operands.length > 1) {
    await output.err('quirl: history: too many arguments\n');
    return 1;
  }
  if (count !== undefined && !/^\d+$/.test(count)) {
    await output.err(`quirl: history: ${count}: numeric argument required\n`);
    return 1;
  }
  await output.out(numbered(list, count === undefined ? 0 : Math.max(0, list.entries.length - Number(count))));
  return 0;
};

/**
 * `history -p ARG...`: each argument history-expanded and printed, nothing run or kept; the
 * `history -p` line itself leaves the history first, so `!!` is the command before it (bash).
 */
async function printExpanded({ state, output }: BuiltinContext, list: CommandHistory | undefined, words: readonly string[]): Promise<number> {
  if (list?.lastLineAdded === true) list.remove(list.entries.length - 1);
  const context = { entries: list?.entries ?? [], base: list?.base ?? 1, chars: historyChars(state.get('histchars')), extglob: state.options.shopted('extglob') };
  const memory = {};
  let status = 0;
  for (const word of words) {
    const expansion = expandHistory(word, context, memory);
    if (expansion.kind === 'error') {
      await output.err(`quirl: history: ${word}: history expansion failed\n`);
      status = 1;
    } else await output.out(`${expansion.kind === 'expanded' ? expansion.line : word}\n`);
  }
  return status;
}

/** `history -d N` or `-d FIRST-LAST` (bash 5.1's ranges). */
async function deleteEntries(context: BuiltinContext, list: CommandHistory, word: string): Promise<number> {
  const range = /^(-?\d+)-(-?\d+)$/.exec(word);
  const first = position(list, range === null ? word : (range[1] as string));
  const last = range === null ? first : position(list, range[2] as string);
  if (first === undefined || last === undefined || last < first) {
    await context.output.err(`quirl: history: ${word}: history position out of range\n`);
    return 1;
  }
  for (let index = last; index >= first; index -= 1) list.remove(index);
  return 0;
}

/**
 * What `fc` works on: the history without the `fc` line itself. A number is a history position
 * (negative: back from the end); a word is the latest command starting with it.
 */
function fcIndex(entries: readonly string[], base: number, word: string, listing = false): number | undefined {
  if (/^-?\d+$/.test(word)) {
    const number = Number(word);
    // As bash's fc: 0 is the latest command, and so is -0 in a listing; -0 names none to run.
    if (number === 0) return word.startsWith('-') && !listing ? undefined : entries.length - 1;
    const index = number < 0 ? entries.length + number : number - base;
    return Math.min(Math.max(index, 0), entries.length - 1);
  }
  for (let index = entries.length - 1; index >= 0; index -= 1) if ((entries[index] as string).startsWith(word)) return index;
  return undefined;
}

/**
 * fc -l [-nr] [first [last]] lists; fc -s [old=new] [command] (or `-e -`) runs a command again;
 * fc [-e editor] [first [last]] edits commands in $FCEDIT (or $EDITOR, or vi) and runs the result.
 */
export const fc: Builtin = async (context) => {
  const { argv, output, shell } = context;
  // `fc -l -3`: a negative number is an operand.
  const parsed = await parseOrReport(output, argv, 'e:lnrs', /^-\d/);
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const list = context.state.commandHistory(shell.history());
  const entries = list === undefined ? [] : list.lastLineAdded ? list.entries.slice(0, -1) : list.entries;
  const base = list?.base ?? 1;
  const editor = valueOf(options, 'e');
  if (has(options, 's') || editor === '-') return reexecute(context, list, entries, base, operands);
  if (!has(options, 'l')) return edit(context, list, entries, base, operands, editor ?? context.state.get('FCEDIT') ?? context.state.get('EDITOR') ?? 'vi');
  // No history (a shell without one, or nothing before this line): nothing to list, as in bash.
  if (entries.length === 0) return 0;
  const first = fcIndex(entries, base, operands[0] ?? (operands.length === 0 ? '-16' : '-1'), true);
  // Listing, a lone `first` runs to the latest command (bash).
  const last = fcIndex(entries, base, operands[1] ?? '-1', true);
  if (first === undefined || last === undefined) {
    await output.err('quirl: fc: history specification out of range\n');
    return 1;
  }
  let order = first <= last ? range(first, last) : range(last, first).reverse();
  if (has(options, 'r')) order = order.reverse();
  const numbering = !has(options, 'n');
  await output.out(order.map((at) => `${numbering ? base + at : ''}\t ${entries[at]}\n`).join(''));
  return 0;
};

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}

/** `fc -s [old=new] [command]`: the command, changed, is shown, put in the history instead of the fc line, and run. */
async function reexecute(context: BuiltinContext, list: CommandHistory | undefined, entries: readonly string[], base: number, operands: readonly string[]): Promise<number> {
  const substitution = operands[0]?.includes('=') === true ? operands[0] : undefined;
  const which = operands[substitution === undefined ? 0 : 1] ?? '-1';
  const at = entries.length === 0 ? undefined : fcIndex(entries, base, which);
  if (list === undefined || at === undefined) {
    await context.output.err('quirl: fc: no command found\n');
    return 1;
  }
  let command = entries[at] as string;
  if (substitution !== undefined) {
    const [old = '', replacement = ''] = [substitution.slice(0, substitution.indexOf('=')), substitution.slice(substitution.indexOf('=') + 1)];
    if (old !== '') command = command.replaceAll(old, replacement);
  }
  return runInstead(context, list, command);
}

/** The commands from `first` to `last` (the previous one by default), edited in a file by `editor`, then run if it succeeds. */
async function edit(context: BuiltinContext, list: CommandHistory | undefined, entries: readonly string[], base: number, operands: readonly string[], editor: string): Promise<number> {
  const first = entries.length === 0 ? undefined : fcIndex(entries, base, operands[0] ?? '-1');
  const last = entries.length === 0 ? undefined : fcIndex(entries, base, operands[1] ?? operands[0] ?? '-1');
  if (list === undefined || first === undefined || last === undefined) {
    await context.output.err('quirl: fc: history specification out of range\n');
    return 1;
  }
  const directory = mkdtempSync(join(tmpdir(), 'quirl-fc-'));
  const file = join(directory, 'commands.sh');
  try {
    const order = first <= last ? range(first, last) : range(last, first).reverse();
    writeFileSync(file, order.map((at) => `${entries[at]}\n`).join(''), { mode: 0o600 });
    const status = await context.run(`${editor} ${quoteForShell(file)}`);
    if (status !== 0) return status;
    const commands = readFileSync(file, 'utf8').replace(/\n+$/, '');
    return commands.trim() === '' ? 0 : await runInstead(context, list, commands);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Shows `command`, puts it in the history instead of the fc line, and runs it, as bash's fc does. */
async function runInstead(context: BuiltinContext, list: CommandHistory, command: string): Promise<number> {
  if (list.lastLineAdded) list.remove(list.entries.length - 1);
  list.add(command);
  await context.output.out(`${command}\n`);
  return context.run(command);
}
