/**
 * bind: the line editor's key bindings and variables, in readline's notation. Keys run the
 * editor's commands (`bind '"\C-x": kill-line'`) or shell commands (`bind -x`, with
 * READLINE_LINE and READLINE_POINT); `-p`/`-P`/`-l`/`-q`/`-u`/`-r`/`-X`/`-v`/`-V`/`-f`/`-m`
 * as bash's. What the editor cannot do (sequences of several keys, macros, other keymaps and
 * variables) is refused with a message, never taken and ignored. A shell without line editing
 * warns, as bash does, and changes the table all the same.
 */
import { resolve } from 'node:path';
import { fsPath } from '../bytes';
import { nodeFsPromises } from '../lazy-builtins';
import { describeErrno, isSystemError } from '../errors';
import { VARIABLES, type KeyBindings } from '../interactive/editor/bindings';
import { chordBytes, chordOf, decodeKeyName, decodeKeyseq, printableKeyseq } from '../interactive/editor/keyseq';
import { EDIT_COMMANDS, READLINE_NAMES, type EditCommand } from '../interactive/editor/keymap';
import type { Chord } from '../interactive/editor/keys';
import type { CommandOutput } from '../interp/output';
import { has, parseOrReport, valueOf } from './options';
import type { Builtin } from '../interp/builtin-api';

/** The keymaps `-m` accepts: Quirl's editor has the Emacs one only. */
const EMACS_KEYMAPS: ReadonlySet<string> = new Set(['emacs', 'emacs-standard', 'emacs-meta', 'emacs-ctlx']);
const VI_KEYMAPS: ReadonlySet<string> = new Set(['vi', 'vi-move', 'vi-command', 'vi-insert']);

export const bind: Builtin = async ({ argv, state, output, shell }) => {
  if (!shell.interactive) await output.err('quirl: bind: warning: line editing not enabled\n');
  const parsed = await parseOrReport(output, argv, 'lvpVPsSXf:q:u:m:r:x:');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const bindings = shell.keyBindings();
  const binder = new Binder(bindings, output);
  const keymap = valueOf(options, 'm');
  if (keymap !== undefined && !EMACS_KEYMAPS.has(keymap)) {
    return binder.fail(VI_KEYMAPS.has(keymap) ? `${keymap}: keymap not supported by Quirl's line editor (it has the emacs keymap only)` : `\`${keymap}': invalid keymap name`);
  }
  let status = 0;
  const lines: string[] = [];
  if (has(options, 'l')) lines.push(...EDIT_COMMANDS.toSorted().map((name) => `${name}\n`));
  if (has(options, 'p')) lines.push(...functionListing(bindings, true));
  if (has(options, 'P')) lines.push(...functionListing(bindings, false));
  // -s and -S list macros: Quirl's editor has none.
  if (has(options, 'v')) lines.push(...VARIABLES.map((variable) => `set ${variable.name} ${variable.show(bindings.settings)}\n`));
  if (has(options, 'V')) lines.push(...VARIABLES.map((variable) => `${variable.name} is set to \`${variable.show(bindings.settings)}'\n`));
  await output.out(lines.join(''));
  const file = valueOf(options, 'f');
  if (file !== undefined) status = Math.max(status, await binder.readFile(resolve(state.cwd, file), file));
  const query = valueOf(options, 'q');
  if (query !== undefined) status = await binder.query(query);
  const unbind = valueOf(options, 'u');
  if (unbind !== undefined) status = binder.unbindCommand(unbind) ?? (await binder.fail(`\`${unbind}': unknown function name`));
  const remove = valueOf(options, 'r');
  if (remove !== undefined) status = await binder.removeKey(remove);
  const shellCommand = valueOf(options, 'x');
  if (shellCommand !== undefined) status = await binder.bindShellCommand(shellCommand);
  if (has(options, 'X')) {
    await output.out(bindings.shellBindings().map(([chord, command]) => `"${keyText(chord)}": "${command.replace(/[\\"]/g, '\\$&')}"\n`).join(''));
  }
  for (const line of operands) status = (await binder.parseAndBind(line)) || status;
  return status;
};

/** `-p` (re-readable lines, unbound commands as comments) or `-P` (sentences), by command name. */
function functionListing(bindings: KeyBindings, readable: boolean): string[] {
  return EDIT_COMMANDS.toSorted().flatMap((name) => {
    const keys = bindings.keysOf(name).map(keyText);
    if (readable) return keys.length === 0 ? [`# ${name} (not bound)\n`] : keys.map((key) => `"${key}": ${name}\n`);
    return keys.length === 0 ? [`${name} is not bound to any keys\n`] : [`${name} can be found on ${quotedList(keys)}.\n`];
  });
}

function keyText(chord: Chord): string {
  return printableKeyseq(chordBytes(chord));
}

/** readline's list of at most five keys, `...` after. */
function quotedList(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).map((key) => `"${key}"`).join(', ');
  return keys.length > 5 ? `${shown}, ...` : shown;
}

function commandNamed(name: string): EditCommand | undefined {
  return (EDIT_COMMANDS as readonly string[]).includes(name) ? (name as EditCommand) : READLINE_NAMES.get(name);
}

/** A binding line split: the key (its characters) and what follows the colon. */
type KeyLine = { readonly kind: 'line'; readonly keys: string; readonly value: string } | { readonly kind: 'invalid'; readonly reason: string };

/** `"KEYSEQ": VALUE` or `KEYNAME: VALUE`, as readline's rl_parse_and_bind reads it. */
function splitKeyLine(line: string): KeyLine {
  const text = line.trimStart();
  if (text.startsWith('"')) {
    let end = 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length) return { kind: 'invalid', reason: 'no closing `"\' in key binding' };
    const rest = text.slice(end + 1).trimStart();
    if (!rest.startsWith(':')) return { kind: 'invalid', reason: 'missing colon separator' };
    return { kind: 'line', keys: decodeKeyseq(text.slice(1, end)), value: rest.slice(1).trim() };
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return { kind: 'invalid', reason: 'missing colon separator' };
  return { kind: 'line', keys: decodeKeyName(text.slice(0, colon).trim()), value: text.slice(colon + 1).trim() };
}

class Binder {
  constructor(
    private readonly bindings: KeyBindings,
    private readonly output: CommandOutput,
  ) {}

  async fail(message: string): Promise<number> {
    await this.output.err(`quirl: bind: ${message}\n`);
    return 1;
  }

  /** One line of an inputrc, or an operand: a key binding or `set NAME VALUE`. */
  async parseAndBind(line: string): Promise<number> {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return 0;
    const setting = /^set\s+(\S+)(?:\s+(.*))?$/.exec(text);
    if (setting !== null) return this.setVariable(setting[1] as string, (setting[2] ?? '').trim());
    if (text.startsWith('$')) return this.fail(`\`${text}': inputrc conditionals and includes are not supported by Quirl's line editor`);
    const split = splitKeyLine(text);
    if (split.kind === 'invalid') return this.fail(`\`${text}': ${split.reason}`);
    const key = await this.keyOf(split.keys);
    if (key === undefined) return 1;
    if (/^["']/.test(split.value)) return this.fail(`\`${text}': keyboard macros are not supported by Quirl's line editor`);
    const name = split.value.split(/\s/)[0] ?? '';
    const command = commandNamed(name);
    if (command === undefined) return this.fail(`\`${name}': unknown function name (bind -l lists the line editor's)`);
    this.bindings.set(key, { kind: 'command', command });
    return 0;
  }

  private async setVariable(name: string, value: string): Promise<number> {
    const variable = VARIABLES.find((candidate) => candidate.name === name.toLowerCase());
    if (variable === undefined) {
      return this.fail(`${name}: variable not supported by Quirl's line editor (it has ${VARIABLES.map((v) => v.name).join(', ')})`);
    }
    const refused = variable.set(this.bindings.settings, value.split(/\s/)[0] ?? '');
    return refused === undefined ? 0 : this.fail(`${name}: ${refused}`);
  }

  /** The chord a key sequence's characters are; undefined (after saying why) when it is none the editor binds. */
  private async keyOf(keys: string): Promise<Chord | undefined> {
    const key = chordOf(keys);
    if (key.kind === 'key') return key.chord;
    await this.fail(`\`${printableKeyseq(keys)}': cannot bind ${key.reason}`);
    return undefined;
  }

  /** `-q NAME`: the keys that run it, as readline says them. */
  async query(name: string): Promise<number> {
    const command = commandNamed(name);
    if (command === undefined) return this.fail(`\`${name}': unknown function name`);
    const keys = this.bindings.keysOf(command).map(keyText);
    if (keys.length === 0) {
      await this.output.out(`${name} is not bound to any keys.\n`);
      return 1;
    }
    await this.output.out(`${name} can be invoked via ${quotedList(keys)}${keys.length > 5 ? '' : '.'}\n`);
    return 0;
  }

  /** `-u NAME`: 0, or undefined for a name that is no command. */
  unbindCommand(name: string): number | undefined {
    const command = commandNamed(name);
    if (command === undefined) return undefined;
    this.bindings.removeCommand(command);
    return 0;
  }

  /** `-r KEYSEQ`: quoted or not, as readline takes it. */
  async removeKey(sequence: string): Promise<number> {
    const quoted = /^"(.*)"$/s.exec(sequence);
    const key = await this.keyOf(quoted === null ? decodeKeyseq(sequence) : decodeKeyseq(quoted[1] as string));
    if (key === undefined) return 1;
    this.bindings.remove(key);
    return 0;
  }

  /** `-x '"KEYSEQ": COMMAND'` (the command may be quoted whole). */
  async bindShellCommand(line: string): Promise<number> {
    const split = splitKeyLine(line);
    if (split.kind === 'invalid') return this.fail(`${line}: ${split.reason}`);
    const key = await this.keyOf(split.keys);
    if (key === undefined) return 1;
    const quoted = /^(["'])(.*)\1$/s.exec(split.value);
    this.bindings.set(key, { kind: 'shell', command: quoted === null ? split.value : (quoted[2] as string) });
    return 0;
  }

  /** `-f FILE`: each line bound as an operand would be; a line that fails is said and the rest go on. */
  async readFile(path: string, shown: string): Promise<number> {
    let text: string;
    try {
      text = await nodeFsPromises().readFile(fsPath(path), 'utf8');
    } catch (error) {
      return this.fail(`${shown}: cannot read: ${isSystemError(error) ? describeErrno(error.code) : String(error)}`);
    }
    let status = 0;
    for (const line of text.split('\n')) status = (await this.parseAndBind(line)) || status;
    return status;
  }
}
