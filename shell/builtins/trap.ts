/**
 * `trap [-lp] [[ACTION] CONDITION ...]`: what runs on a signal or on the shell's own conditions
 * (EXIT, ERR, DEBUG, RETURN). ACTION `-` (or a lone condition, or a number first) puts the
 * defaults back; `''` ignores the signal. With no operands, or -p, the traps as commands that set
 * them again.
 */
import { conditionName, parseCondition, signalTable, type TrapCondition } from '../interp/traps';
import type { ShellState } from '../interp/state';
import type { Builtin } from '../interp/builtin-api';

const USAGE = 'trap: usage: trap [-lp] [[arg] signal_spec ...]\n';

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function listing(state: ShellState, only?: readonly TrapCondition[]): string {
  const wanted = only === undefined ? undefined : new Set(only);
  return state.traps
    .entries()
    .filter(([condition]) => wanted === undefined || wanted.has(condition))
    .map(([condition, action]) => `trap -- ${quote(action.kind === 'ignore' ? '' : action.text)} ${conditionName(condition)}\n`)
    .join('');
}

export const trap: Builtin = async ({ argv, state, output }) => {
  let words = argv.slice(1);
  let print = false;
  while (words[0] !== undefined && /^-[lp]+$/.test(words[0])) {
    if (words[0].includes('l')) {
      await output.out(signalTable());
      return 0;
    }
    print = true;
    words = words.slice(1);
  }
  if (words[0] === '--') words = words.slice(1);
  else if (words[0] !== undefined && words[0].startsWith('-') && words[0] !== '-') {
    await output.err(`quirl: trap: ${words[0]}: invalid option\n${USAGE}`);
    return 2;
  }
  const conditions = async (specs: readonly string[]): Promise<{ found: TrapCondition[]; status: number }> => {
    const found: TrapCondition[] = [];
    let status = 0;
    for (const spec of specs) {
      const condition = parseCondition(spec);
      if (condition === undefined) {
        await output.err(`quirl: trap: ${spec}: invalid signal specification\n`);
        status = 1;
      } else found.push(condition);
    }
    return { found, status };
  };
  if (print || words.length === 0) {
    if (words.length === 0) {
      await output.out(listing(state));
      return 0;
    }
    const { found, status } = await conditions(words);
    await output.out(listing(state, found));
    return status;
  }
  const first = words[0] as string;
  // POSIX: a lone condition, `-`, or an unsigned number first means every operand is reset.
  const reset = first === '-' || (words.length === 1 && parseCondition(first) !== undefined) || /^\d+$/.test(first);
  if (first === '-' && words.length === 1) {
    await output.err(USAGE);
    return 2;
  }
  const specs = reset && first !== '-' && (words.length === 1 || /^\d+$/.test(first)) ? words : words.slice(1);
  const { found, status } = await conditions(specs);
  for (const condition of found) {
    state.traps.set(condition, reset ? undefined : first === '' ? { kind: 'ignore' } : { kind: 'command', text: first });
  }
  return status;
};
