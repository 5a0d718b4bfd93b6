/**
 * Parser for shell spec-case files in the Oils spec-test format (`#### name`, code, `## key: value`
 * expectations, per-shell `## OK|N-I|BUG shell key: value` notes).
 *
 * A file is an optional header of `## key: value` lines and `#` comments, then cases:
 *
 *     #### echo joins its arguments with one space
 *     echo a   b
 *     ## stdout: a b
 *
 *     #### a status and several lines
 *     echo one; echo two
 *     exit 3
 *     ## status: 3
 *     ## STDOUT:
 *     one
 *     two
 *     ## END
 *     ## OK dash status: 2
 *
 * Keys: `stdout` / `stderr` (one line; the newline is implied), `stdout-json` / `stderr-json`
 * (a JSON string, for output with no final newline or odd characters), `STDOUT:` / `STDERR:` blocks
 * closed by `## END`, `status` (0–255, default 0), and `code` (one line of code, instead of code
 * lines). A note `## OK bash/dash status: 1` overrides that key, for the named shells only;
 * keys a note does not name fall back to the case's own expectation.
 *
 * Where this differs from Oils' own reader, on purpose, so that a mistake cannot pass unnoticed:
 * code lines are kept verbatim (blank lines and `#` comments are part of the code, since comments
 * are something the cases test); a block is verbatim up to its required `## END` (it may hold blank
 * lines, and `## STDOUT:` directly followed by `## END` means empty output); every line that
 * starts with `## ` must be a well-formed expectation; unknown keys, duplicate keys, duplicate case
 * names and code after a case's expectations are errors; and a case with no stdout expectation
 * expects empty stdout (Oils leaves it unchecked).
 */

/** How a note judges a shell's deviation, as in Oils: acceptable, not implemented, a known bug. */
export type Qualifier = 'OK' | 'N-I' | 'BUG';

/** What a run must produce. A field left undefined is not stated. */
export interface Expectation {
  readonly stdout?: string;
  readonly stderr?: string;
  readonly status?: number;
}

/** A per-shell override of some fields of a case's expectation. */
export interface ShellNote extends Expectation {
  readonly qualifier: Qualifier;
}

export interface SpecCase {
  readonly name: string;
  /** 1-based line of the `####` header. */
  readonly line: number;
  /** The code, ending in a newline. */
  readonly code: string;
  readonly expect: Expectation;
  /** Keyed by shell name (`bash`, `dash`, `zsh`, `quirl`). */
  readonly notes: ReadonlyMap<string, ShellNote>;
}

export interface SpecFile {
  /** `## key: value` lines before the first case (e.g. `compare_shells`). */
  readonly header: ReadonlyMap<string, string>;
  readonly cases: readonly SpecCase[];
}

/** The expectation one shell is held to: stdout and status always, stderr only when stated. */
export interface ResolvedExpectation {
  readonly stdout: string;
  readonly stderr: string | undefined;
  readonly status: number;
  /** The qualifier of the note that applied, if any. */
  readonly qualifier: Qualifier | undefined;
}

export class SpecFormatError extends Error {
  readonly fileName: string;
  readonly line: number;

  constructor(fileName: string, line: number, message: string) {
    super(`${fileName}:${line}: ${message}`);
    this.name = 'SpecFormatError';
    this.fileName = fileName;
    this.line = line;
  }
}

const CASE_HEADER = /^####(?:\s+(.*))?$/;
/** `## [QUALIFIER shells ]key:[ value]`. */
const KEY_VALUE = /^## (?:(OK|N-I|BUG) ([\w+-]+(?:\/[\w+-]+)*) )?([A-Za-z][\w-]*):(?: (.*))?$/;
const END = /^## END\s*$/;

type Field = 'stdout' | 'stderr' | 'status';

interface Line {
  readonly number: number;
  readonly text: string;
}

interface MutableExpectation {
  stdout?: string;
  stderr?: string;
  status?: number;
}

interface MutableNote extends MutableExpectation {
  qualifier: Qualifier;
}

export function parseSpecFile(text: string, fileName = '<spec>'): SpecFile {
  const lines: Line[] = text.split('\n').map((t, i) => ({ number: i + 1, text: t }));
  if (lines.length > 0 && lines[lines.length - 1]?.text === '') lines.pop();
  const fail = (line: number, message: string): never => {
    throw new SpecFormatError(fileName, line, message);
  };

  let index = 0;
  const header = new Map<string, string>();
  for (; index < lines.length; index++) {
    const { number, text: t } = lines[index] as Line;
    if (CASE_HEADER.test(t)) break;
    if (t.trim() === '' || (t.startsWith('#') && !t.startsWith('## '))) continue;
    const m = KEY_VALUE.exec(t);
    if (m === null || m[1] !== undefined) fail(number, `expected a header line "## key: value" before the first case, got ${JSON.stringify(t)}`);
    const key = (m as RegExpExecArray)[3] as string;
    if (header.has(key)) fail(number, `header key "${key}" given twice`);
    header.set(key, ((m as RegExpExecArray)[4] ?? '').trim());
  }

  const cases: SpecCase[] = [];
  const names = new Set<string>();
  while (index < lines.length) {
    const start = lines[index] as Line;
    const name = (CASE_HEADER.exec(start.text)?.[1] ?? '').trim();
    if (name === '') fail(start.number, 'a case needs a name after "####"');
    if (names.has(name)) fail(start.number, `case name ${JSON.stringify(name)} is used twice in this file`);
    names.add(name);
    index++;

    const expect: MutableExpectation = {};
    const notes = new Map<string, MutableNote>();
    let code: string | undefined;
    const codeLines: string[] = [];
    let sawExpectation = false;

    for (; index < lines.length; index++) {
      const { number, text: t } = lines[index] as Line;
      if (CASE_HEADER.test(t)) break;
      if (END.test(t)) fail(number, '"## END" without an open STDOUT/STDERR block');
      if (t.startsWith('## ') || t === '##') {
        const m = KEY_VALUE.exec(t);
        if (m === null) fail(number, `malformed expectation line ${JSON.stringify(t)}`);
        const [, qualifier, shells, rawKey, rawValue] = m as RegExpExecArray;
        const key = rawKey as string;
        let field: Field;
        let value: string | number;
        if (key === 'code') {
          if (qualifier !== undefined) fail(number, '"code" cannot be qualified for a shell');
          if (code !== undefined || codeLines.length > 0) fail(number, 'the case already has code');
          if (rawValue === undefined || rawValue.trim() === '') fail(number, '"## code:" needs a value');
          code = `${rawValue as string}\n`;
          continue;
        } else if (key === 'STDOUT' || key === 'STDERR') {
          if (rawValue !== undefined && rawValue.trim() !== '') fail(number, `"## ${key}:" takes its value on the following lines, up to "## END"`);
          const block: string[] = [];
          let closed = false;
          for (index++; index < lines.length; index++) {
            const inner = lines[index] as Line;
            if (END.test(inner.text)) {
              closed = true;
              break;
            }
            if (CASE_HEADER.test(inner.text)) break;
            block.push(inner.text);
          }
          if (!closed) fail(number, `"## ${key}:" block has no "## END"`);
          field = key === 'STDOUT' ? 'stdout' : 'stderr';
          value = block.length === 0 ? '' : `${block.join('\n')}\n`;
        } else if (key === 'stdout' || key === 'stderr') {
          field = key;
          value = `${rawValue ?? ''}\n`;
        } else if (key === 'stdout-json' || key === 'stderr-json') {
          field = key === 'stdout-json' ? 'stdout' : 'stderr';
          let parsed: unknown;
          try {
            parsed = JSON.parse(rawValue ?? '');
          } catch {
            parsed = undefined;
          }
          if (typeof parsed !== 'string') fail(number, `"${key}" needs a JSON string, got ${JSON.stringify(rawValue ?? '')}`);
          value = parsed as string;
        } else if (key === 'status') {
          field = 'status';
          const v = (rawValue ?? '').trim();
          if (!/^\d{1,3}$/.test(v) || Number(v) > 255) fail(number, `"status" needs a number from 0 to 255, got ${JSON.stringify(v)}`);
          value = Number(v);
        } else {
          return fail(number, `unknown key "${key}"`);
        }

        sawExpectation = true;
        const targets: MutableExpectation[] = [];
        if (qualifier === undefined) {
          targets.push(expect);
        } else {
          for (const shell of (shells as string).split('/')) {
            let note = notes.get(shell);
            if (note === undefined) {
              note = { qualifier: qualifier as Qualifier };
              notes.set(shell, note);
            } else if (note.qualifier !== qualifier) {
              fail(number, `shell "${shell}" already has a ${note.qualifier} note in this case`);
            }
            targets.push(note);
          }
        }
        for (const target of targets) {
          if (target[field] !== undefined) fail(number, `${field} is stated twice${qualifier === undefined ? '' : ` for ${shells}`}`);
          (target as Record<Field, string | number>)[field] = value;
        }
        continue;
      }

      if (sawExpectation) {
        if (t.trim() === '' || t.startsWith('#')) continue; // commentary between cases
        fail(number, `code after the case's expectations: ${JSON.stringify(t)}`);
      }
      if (code !== undefined && t.trim() !== '') fail(number, 'the case has "## code:" and code lines');
      codeLines.push(t);
    }

    while (codeLines.length > 0 && (codeLines[codeLines.length - 1] as string).trim() === '') codeLines.pop();
    if (code === undefined) {
      if (codeLines.length === 0) fail(start.number, `case ${JSON.stringify(name)} has no code`);
      code = `${codeLines.join('\n')}\n`;
    }
    cases.push({ name, line: start.number, code, expect, notes });
  }

  return { header, cases };
}

/** The expectation `shell` is held to in `c`: its note's fields where given, else the case's. */
export function expectationFor(c: SpecCase, shell: string): ResolvedExpectation {
  const note = c.notes.get(shell);
  return {
    stdout: note?.stdout ?? c.expect.stdout ?? '',
    stderr: note?.stderr ?? c.expect.stderr,
    status: note?.status ?? c.expect.status ?? 0,
    qualifier: note?.qualifier,
  };
}
