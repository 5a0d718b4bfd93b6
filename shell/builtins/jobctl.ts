/** Moving jobs between foreground and background: fg, bg, disown. */
import { isShellError } from '../errors';
import type { Job } from '../exec/job';
import { resolveJobSpec } from '../jobs/spec';
import type { Builtin, BuiltinContext } from './types';

/** The jobs the operands name, or the current job; reports the first bad spec and returns undefined. */
async function selectJobs(context: BuiltinContext, operands: readonly string[]): Promise<Job[] | undefined> {
  const { output, shell, argv } = context;
  const name = argv[0] as string;
  try {
    const jobs = context.jobs();
    if (operands.length > 0) return operands.map((spec) => resolveJobSpec(spec, jobs, shell.jobOrder, name));
    const current = shell.jobOrder.current(jobs);
    if (current === undefined) {
      await output.err(`quirl: ${name}: current: no such job\n`);
      return undefined;
    }
    return [current as Job];
  } catch (error) {
    if (!isShellError(error)) throw error;
    await output.err(`quirl: ${error.message}\n`);
    return undefined;
  }
}

/** fg [spec]: prints the job's command line, gives it the terminal, and waits for it. */
export const fg: Builtin = async (context) => {
  const { argv, output, shell } = context;
  if (argv.length > 2) {
    await output.err('quirl: fg: too many arguments\n');
    return 2;
  }
  const job = (await selectJobs(context, argv.slice(1)))?.[0];
  if (job === undefined) return 1;
  if (job.state.kind === 'done') {
    await output.err(`quirl: fg: job ${job.id} has terminated\n`);
    return 1;
  }
  await output.out(`${job.command}\n`);
  return shell.foreground(job, output);
};

/** bg [spec ...]: continues stopped jobs in the background. */
export const bg: Builtin = async (context) => {
  const { argv, output, shell } = context;
  const jobs = await selectJobs(context, argv.slice(1));
  if (jobs === undefined) return 1;
  let status = 0;
  for (const job of jobs) {
    if (job.state.kind === 'running') {
      await output.err(`quirl: bg: job ${job.id} already in background\n`);
      continue;
    }
    if (job.state.kind === 'done') {
      await output.err(`quirl: bg: job ${job.id} has terminated\n`);
      status = 1;
      continue;
    }
    shell.executor.background(job);
    job.notified = true;
    const mark = shell.jobOrder.mark(job, context.jobs());
    await output.out(`[${job.id}]${mark} ${job.command} &\n`);
  }
  return status;
};

/**
 * disown [-h] [-a] [spec ...]: the shell forgets the job (it is not listed, waited for or sent
 * SIGHUP at exit); with -h it stays listed but is not sent SIGHUP.
 */
export const disown: Builtin = async (context) => {
  const { argv, output, shell } = context;
  const flags = argv.slice(1).filter((word) => /^-[ah]+$/.test(word));
  const operands = argv.slice(1).filter((word) => !flags.includes(word));
  const keepListed = flags.some((flag) => flag.includes('h'));
  const all = flags.some((flag) => flag.includes('a'));
  const bad = operands.find((word) => word.startsWith('-'));
  if (bad !== undefined) {
    await output.err(`quirl: disown: ${bad}: invalid option\ndisown: usage: disown [-h] [-a] [jobspec ...]\n`);
    return 2;
  }
  const jobs = all ? context.jobs() : await selectJobs(context, operands);
  if (jobs === undefined) return 1;
  for (const job of jobs) {
    job.hangUpOnExit = false;
    if (!keepListed) {
      shell.executor.jobs.remove(job.id);
      shell.jobOrder.forget(job.id);
    }
  }
  return 0;
};
