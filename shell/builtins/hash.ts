/**
 * hash [-lr] [-p PATH] [-dt] [NAME...]: the context's remembered PATH search results (a
 * subshell's changes stay there). They hold for one value of PATH (another value forgets them all, as an assignment to PATH does in bash).
 */
import { isShellError } from '../errors';
import { has, parseOrReport, valueOf } from './options';
import type { Builtin } from '../interp/builtin-api';

export const hash: Builtin = async ({ argv, state, output, shell }) => {
  const parsed = await parseOrReport(output, argv, 'lrp:dt');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const { resolver } = shell;
  const table = state.commands;
  const searchPath = state.get('PATH') ?? '';
  if (has(options, 'r')) table.clear();
  const remembered = valueOf(options, 'p');
  const lines: string[] = [];
  let status = 0;
  if (operands.length === 0) {
    if (has(options, 'r') || remembered !== undefined || has(options, 'd') || has(options, 't')) return 0;
    const hashed = [...table.under(searchPath)];
    if (hashed.length === 0) {
      if (!has(options, 'l')) await output.out('hash: hash table empty\n');
      return 0;
    }
    if (has(options, 'l')) for (const [name, entry] of hashed) lines.push(`builtin hash -p ${entry.path} ${name}\n`);
    else {
      lines.push('hits\tcommand\n');
      for (const [, entry] of hashed) lines.push(`${String(entry.hits).padStart(4)}\t${entry.path}\n`);
    }
    await output.out(lines.join(''));
    return 0;
  }
  for (const name of operands) {
    if (remembered !== undefined) {
      table.under(searchPath).set(name, { path: remembered, hits: 0 });
    } else if (has(options, 'd')) {
      if (!table.forget(name)) {
        await output.err(`quirl: hash: ${name}: not found\n`);
        status = 1;
      }
    } else if (has(options, 't')) {
      const path = table.under(searchPath).get(name)?.path;
      if (path === undefined) {
        await output.err(`quirl: hash: ${name}: not found\n`);
        status = 1;
      } else lines.push(operands.length > 1 ? `${name}\t${path}\n` : `${path}\n`);
    } else if (!name.includes('/') && !shell.isBuiltin(name, state)) {
      try {
        resolver.hash(name, searchPath, state.cwd, table);
      } catch (error) {
        if (!isShellError(error)) throw error;
        await output.err(`quirl: hash: ${name}: not found\n`);
        status = 1;
      }
    }
  }
  await output.out(lines.join(''));
  return status;
};
