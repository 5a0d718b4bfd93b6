/** Moving jobs between foreground and background, and the shell itself: fg, bg, disown, suspend. */
import { native } from '../../native';
import { isShellError } from '../errors';
import type { Job } from '../exec/job';
import { SIGNALS } from '../exec/signals';
import { jobOfPid } from './jobs';
import { has, parseOrReport } from './options';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';

/** The jobs the operands name, or the current job; reports the first bad spec and returns undefined. */
async function selectJobs(context: BuiltinContext, operands: readonly string[]): Promise<Job[] | undefined> {
  const { output, shell, argv } = context;
  const name = argv[0] as string;
  try {
    const jobs = context.jobs();
    if (operands.length > 0) return operands.map((spec) => shell.jobControl.resolve(spec, jobs, name));
    const current = shell.jobControl.current(jobs);
    if (current === undefined) {
      await output.err(`quirl: ${name}: current: no such job\n`);
      return undefined;
    }
    return [current];
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
    await output.out(shell.jobControl.background(job, context.jobs()));
  }
  return status;
};

/**
 * disown [-h] [-ar] [spec | pid ...]: the shell forgets the job (it is not listed, waited for or
 * sent SIGHUP at exit); with -h it stays listed but is not sent SIGHUP. -a is every job, -r
 * every running one.
 */
export const disown: Builtin = async (context) => {
  const { argv, output, shell } = context;
  const parsed = await parseOrReport(output, argv, 'ahr');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  let jobs: Job[] = [];
  if (operands.length === 0) {
    const selected = has(options, 'a') || has(options, 'r') ? context.jobs() : await selectJobs(context, []);
    if (selected === undefined) return 1;
    jobs = selected;
  }
  for (const word of operands) {
    const job = /^\d+$/.test(word) ? jobOfPid(context, Number(word)) : (await selectJobs(context, [word]))?.[0];
    if (job === undefined) {
      if (/^\d+$/.test(word)) await output.err(`quirl: disown: ${word}: no such job\n`);
      return 1;
    }
    jobs.push(job);
  }
  if (has(options, 'r')) jobs = jobs.filter((job) => job.state.kind === 'running');
  for (const job of jobs) {
    job.hangUpOnExit = false;
    if (!has(options, 'h')) {
      shell.jobControl.forget(job);
    }
  }
  return 0;
};

/**
 * suspend [-f]: stops the shell until a SIGCONT (the shell that started it, `fg`). Only a shell
 * with job control can be suspended, and a login shell only with -f, as in bash.
 */
export const suspend: Builtin = async ({ argv, output, shell, state }) => {
  const parsed = await parseOrReport(output, argv, 'f');
  if (typeof parsed === 'number') return parsed;
  if (!shell.interactive || !shell.hasTerminal()) {
    await output.err('quirl: suspend: cannot suspend: no job control\n');
    return 1;
  }
  if (state.options.shopted('login_shell') && !has(parsed.options, 'f')) {
    await output.err('quirl: suspend: cannot suspend a login shell\n');
    return 1;
  }
  // The whole group stops (the shell leads it): the shell that started Quirl takes the terminal back.
  native.killpg(native.getpgrp(), SIGNALS.SIGSTOP);
  // Continued: the terminal is the shell's again once its parent gives it back.
  return 0;
};
