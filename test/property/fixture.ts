/**
 * What every generated word expands against, the same for bash and Quirl: the variables and
 * positional parameters a script's prelude sets, the `w` argv printer, and a fixed directory of
 * files for pathname expansion. One numbered line per word, each in a subshell of its own, so
 * that an expansion error ends only its own line; markers on stdout and stderr after each line
 * say where its output ends and with what status.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IfsSetting, WordCase } from './words';

export const PRELUDE = `shopt -s extglob
a='a b*c'
e=
n=42
m=-7
s='  lead  mid  trail  '
p='/usr/bin::/bin:'
g='*.txt'
q='it'\\''s "q" \\ $x'
t='tab\tin'
l='line
break'
u8='héllo wörld'
uc='MiXeD cAsE'
r=a
ri=2
b='back\\slash\\n'
big=9223372036854775807
hex=0x1F
oct=010
ex='n+1'
bad='1+'
at=@
unset u
set -- one 'two words' '' '*.txt' 'é'
w() { printf '%s' "$#"; printf ' <%s>' "$@"; echo; }
`;

/** The files the globs see (a trailing `/`: an empty directory). */
export const FILES = [
  'a.txt',
  'b.txt',
  'ab',
  'abc',
  'c.md',
  'sp ace.txt',
  '.hidden',
  '.dot.txt',
  'UPPER.TXT',
  'x[1]',
  'star*',
  '-dash',
  'q?',
  'é.txt',
  'a b*c',
  'one',
  'dir/one.c',
  'dir/two.h',
  'dir/.h',
  'dir/sub/deep.txt',
  'empty/',
];

export function makeFiles(root: string): void {
  for (const file of FILES) {
    const path = join(root, file);
    if (file.endsWith('/')) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '');
  }
}

const MARKER = '@@qp';

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function ifsPrefix(ifs: IfsSetting | undefined): string {
  if (ifs === undefined) return '';
  return ifs.kind === 'unset' ? 'unset IFS; ' : `IFS=${quote(ifs.value)}; `;
}

/** The command line that expands one case's word and prints its fields. */
export function caseLine(wordCase: WordCase): string {
  return `( ${ifsPrefix(wordCase.ifs)}w ${wordCase.word} )`;
}

/** The whole script of a batch. */
export function batchScript(cases: readonly WordCase[]): string {
  const lines = cases.map((wordCase, index) => `${caseLine(wordCase)}; echo "${MARKER} ${index} $?"; echo "${MARKER} ${index}" >&2`);
  return `${PRELUDE}${lines.join('\n')}\n`;
}

/** What one word did in one shell. */
export interface Outcome {
  readonly stdout: string;
  readonly stderr: string;
  /** The subshell's status; undefined when the script never got to the word's marker. */
  readonly status: number | undefined;
}

/**
 * Cuts a batch's output into the words' outcomes by the markers. Text after the last marker (a
 * script that died, say) belongs to the first word with no marker, so that the failure shows there.
 */
export function splitOutcomes(count: number, stdout: string, stderr: string, scriptPath: string): Outcome[] {
  const outs = cut(stdout, new RegExp(`${MARKER} (\\d+) (\\d+)\\n`, 'g'));
  const errs = cut(stderr.replaceAll(scriptPath, 'SCRIPT'), new RegExp(`${MARKER} (\\d+)()\\n`, 'g'));
  return Array.from({ length: count }, (_, index) => {
    const out = outs.chunks.get(index);
    const err = errs.chunks.get(index);
    const first = index === outs.chunks.size;
    return {
      stdout: out?.text ?? (first ? outs.rest : ''),
      stderr: err?.text ?? (index === errs.chunks.size ? errs.rest : ''),
      status: out?.status,
    };
  });
}

function cut(text: string, marker: RegExp): { chunks: Map<number, { text: string; status: number | undefined }>; rest: string } {
  const chunks = new Map<number, { text: string; status: number | undefined }>();
  let start = 0;
  for (const match of text.matchAll(marker)) {
    chunks.set(Number(match[1]), { text: text.slice(start, match.index), status: match[2] === '' ? undefined : Number(match[2]) });
    start = match.index + match[0].length;
  }
  return { chunks, rest: text.slice(start) };
}
