/** Job control builtins of the core: jobs, wait, kill. */
import { isShellError, errorMessage } from '../errors';
import { native } from '../../native';
import type { Job } from '../exec/job';
import { allSignals, parseSignal, signalName, SIGNALS } from '../exec/signals';
import { formatJobLine } from '../jobs/format';
import { resolveJobSpec } from '../jobs/spec';
import { unlessInterrupted } from './interrupt';
import type { Builtin, BuiltinContext } from './types';

/** The retained job a PID belongs to: one of its processes, or the stand-in `$!` of a job that has none. */
function jobOfPid(context: BuiltinContext, pid: number): Job | undefined {
  return context.jobs().find((job) => job.scriptPid === pid || job.processes.some((process) => process.pid === pid));
}

function forget({ shell }: BuiltinContext, job: Job): void {
  shell.executor.jobs.remove(job.id);
  shell.jobOrder.forget(job.id);
}

function lookupJob(context: BuiltinContext, spec: string): Job {
  return resolveJobSpec(spec, context.jobs(), context.shell.jobOrder, context.argv[0] as string);
}

/** jobs [-l | -p] [spec ...] */
export const jobs: Builtin = async (context) => {
  const { argv, output, shell } = context;
  const flags = argv.slice(1).filter((word) => word.startsWith('-') && word.length > 1);
  const specs = argv.slice(1).filter((word) => !flags.includes(word));
  const long = flags.some((flag) => flag.includes('l'));
  const pidsOnly = flags.some((flag) => flag.includes('p'));
  const invalid = flags.find((flag) => !/^-[lp]+$/.test(flag));
  if (invalid !== undefined) {
    await output.err(`quirl: jobs: ${invalid}: invalid option\nusage: jobs [-lp] [jobspec ...]\n`);
    return 2;
  }
  shell.executor.watcher.poll();
  const all = context.jobs();
  let selected: Job[];
  try {
    selected = specs.length === 0 ? all : specs.map((spec) => lookupJob(context, spec));
  } catch (error) {
    if (!isShellError(error)) throw error;
    await output.err(`quirl: ${error.message}\n`);
    return 1;
  }
  const lines: string[] = [];
  for (const job of selected) {
    if (pidsOnly) {
      if (job.pgid !== undefined) lines.push(`${job.pgid}\n`);
      continue;
    }
    const mark = shell.jobOrder.mark(job, all);
    lines.push(`${formatJobLine(job.id, mark, job.state, job.command, long ? job.pgid : undefined)}\n`);
    // Reported as done once, then gone (bash's notification).
    // Listed is reported: the prompt does not tell of it again; a done job is then gone.
    job.notified = true;
    if (job.state.kind === 'done') forget(context, job);
  }
  await output.out(lines.join(''));
  return 0;
};

/**
 * wait [spec | pid ...]: all running jobs by default; the status of the last operand. As in bash,
 * a stopped job is not waited for (it is reported, 128+N for `wait %N`), and in an interactive
 * shell Ctrl-C ends the wait with 130, leaving the jobs as they are.
 */
export const wait: Builtin = async (context) => {
  const { argv, output, shell } = context;
  shell.executor.watcher.poll();
  const operands = argv.slice(1);
  if (operands.length === 0) {
    const jobs = context.jobs();
    const settled = await unlessInterrupted(output.signal, Promise.all(jobs.map((job) => job.whenSettled())));
    if (settled.kind === 'interrupted') return INTERRUPTED;
    for (const job of jobs) {
      if (job.state.kind === 'stopped') await output.err(`quirl: wait: warning: job ${job.id}[${job.pgid ?? ''}] stopped\n`);
      // A job waited for is finished with: it is neither listed nor reported again.
      else forget(context, job);
    }
    return 0;
  }
  let status = 0;
  for (const operand of operands) {
    const job = await waitOperand(context, operand);
    if (typeof job === 'number') {
      status = job;
      continue;
    }
    const settled = await unlessInterrupted(output.signal, job.whenSettled());
    if (settled.kind === 'interrupted') return INTERRUPTED;
    const state = settled.value;
    if (state.kind === 'stopped') {
      await output.err(`quirl: wait: warning: job ${job.id} is stopped\n`);
      status = 128 + state.signal;
      continue;
    }
    status = state.kind === 'done' ? state.status : 0;
    forget(context, job);
  }
  return status;
};

/** 128 + SIGINT: what an interrupted wait returns. */
const INTERRUPTED = 128 + SIGNALS.SIGINT;

/** The job an operand of `wait` names, or the status for an operand that names none (reported). */
async function waitOperand(context: BuiltinContext, operand: string): Promise<Job | number> {
  const { output } = context;
  if (operand.startsWith('%')) {
    try {
      return lookupJob(context, operand);
    } catch (error) {
      if (!isShellError(error)) throw error;
      await output.err(`quirl: ${error.message}\n`);
      return 127;
    }
  }
  if (/^\d+$/.test(operand)) {
    const job = jobOfPid(context, Number(operand));
    if (job !== undefined) return job;
    await output.err(`quirl: wait: pid ${operand} is not a child of this shell\n`);
    return 127;
  }
  await output.err(`quirl: wait: \`${operand}': not a pid or valid job spec\n`);
  return 2;
}

/** kill [-s SIG | -SIG | -n N] pid|spec ...; kill -l [status|signal ...] */
export const kill: Builtin = async (context) => {
  const { argv, output } = context;
  const words = argv.slice(1);
  if (words[0] === '-l' || words[0] === '-L') return listSignals(context, words.slice(1));
  let signal: number = SIGNALS.SIGTERM;
  let index = 0;
  const first = words[0];
  if (first === '-s' || first === '-n') {
    const parsed = words[1] === undefined ? undefined : parseSignal(words[1]);
    if (parsed === undefined) {
      await output.err(`quirl: kill: ${words[1] ?? ''}: invalid signal specification\n`);
      return 1;
    }
    signal = parsed;
    index = 2;
  } else if (first !== undefined && first.startsWith('-') && first !== '--' && first.length > 1) {
    const parsed = parseSignal(first.slice(1));
    if (parsed === undefined) {
      await output.err(`quirl: kill: ${first.slice(1)}: invalid signal specification\n`);
      return 1;
    }
    signal = parsed;
    index = 1;
  }
  if (words[index] === '--') index += 1;
  const targets = words.slice(index);
  if (targets.length === 0) {
    await output.err('quirl: kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n');
    return 2;
  }
  let status = 0;
  for (const target of targets) {
    try {
      if (target.startsWith('%')) {
        const job = lookupJob(context, target);
        job.signal(signal);
        // A stopped job only acts on a terminating signal once continued, as in bash.
        if (job.state.kind === 'stopped' && signal !== SIGNALS.SIGSTOP && signal !== SIGNALS.SIGCONT) job.signal(SIGNALS.SIGCONT);
      } else if (/^\d+$/.test(target) && Number(target) > 0) {
        // The stand-in `$!` of a job run inside the shell signals that job; any other PID, its process.
        const job = jobOfPid(context, Number(target));
        if (job !== undefined && job.lastPid === undefined) job.signal(signal);
        else native.kill(Number(target), signal);
        // `kill $$`: the shell's own handler runs before its next command, as the signal would arrive in bash.
        if (Number(target) === process.pid) await new Promise((resolve) => setImmediate(resolve));
      } else if (/^-\d+$/.test(target) && Number(target) < -1) {
        native.killpg(-Number(target), signal);
      } else if (/^-?\d+$/.test(target)) {
        // 0 (the shell's own group) and -1 (every process there is) are never what a user of
        // an interactive shell means; refuse them by name rather than signal everything.
        await output.err(`quirl: kill: ${target}: refusing to signal ${target === '0' ? "the shell's own process group" : 'every process'}\n`);
        status = 1;
      } else {
        await output.err(`quirl: kill: ${target}: arguments must be process or job IDs\n`);
        status = 1;
      }
    } catch (error) {
      await output.err(`quirl: kill: ${target}: ${isShellError(error) ? error.message.replace(/^kill: [^:]*: /, '') : describe(error)}\n`);
      status = 1;
    }
  }
  return status;
};

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ESRCH') return 'No such process';
  if (code === 'EPERM') return 'Operation not permitted';
  return errorMessage(error);
}

async function listSignals({ output }: BuiltinContext, operands: readonly string[]): Promise<number> {
  if (operands.length === 0) {
    await output.out(allSignals().map(([, name]) => name).join(' ') + '\n');
    return 0;
  }
  let status = 0;
  for (const operand of operands) {
    if (/^\d+$/.test(operand)) {
      const number = Number(operand) > 128 ? Number(operand) - 128 : Number(operand);
      const name = signalName(number);
      if (name === String(number)) {
        await output.err(`quirl: kill: ${operand}: invalid signal specification\n`);
        status = 1;
      } else await output.out(`${name}\n`);
    } else {
      const number = parseSignal(operand);
      if (number === undefined) {
        await output.err(`quirl: kill: ${operand}: invalid signal specification\n`);
        status = 1;
      } else await output.out(`${number}\n`);
    }
  }
  return status;
}
