/**
 * caller [EXPR]: where the running function or sourced file was called from, read off the call
 * stack as bash reads its FUNCNAME, BASH_SOURCE and BASH_LINENO arrays (so a script's top level
 * says `0 NULL`, and a frame past the stack's end is status 1).
 */
import { parseOrReport, usageError } from './options';
import type { Builtin } from '../interp/builtin-api';

export const caller: Builtin = async ({ argv, state, output }) => {
  const { names, files, lines } = state.callStackArrays();
  if (lines.length === 0 || files.length === 0) return 1;
  const parsed = await parseOrReport(output, argv, '');
  if (typeof parsed === 'number') return parsed;
  const operand = parsed.operands[0];
  if (operand === undefined) {
    await output.out(`${lines[0] ?? 'NULL'} ${files[1] ?? 'NULL'}\n`);
    return 0;
  }
  if (names.length === 0) return 1;
  // bash's legal_number: an integer with blanks around it.
  if (!/^\s*[-+]?\d+\s*$/.test(operand)) return usageError(output, 'caller', `${operand}: invalid number`);
  const frame = Number(operand);
  const line = frame >= 0 ? lines[frame] : undefined;
  const name = frame >= 0 ? names[frame + 1] : undefined;
  const file = frame >= 0 ? files[frame + 1] : undefined;
  if (line === undefined || name === undefined || file === undefined) return 1;
  await output.out(`${line} ${name} ${file}\n`);
  return 0;
};
