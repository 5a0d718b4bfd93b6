/** Job control builtins of the core: jobs, wait, kill. */
import { isShellError, errorMessage, ShellError } from '../errors';
import { native } from '../../native';
import type { Job } from '../exec/job';
import { SIGNALS } from '../exec/signals';
import { isValidName } from '../interp/state';
import { conditionName, parseCondition, signalTable } from '../interp/traps';
import { formatJobLine, formatJobLong } from '../jobs/format';
import { synopsis } from './help';
import { unlessInterrupted } from './interrupt';
import { has, parseOrReport, valueOf } from './options';
import type { Builtin, BuiltinContext } from '../interp/builtin-api';

/** The retained job a PID belongs to: one of its processes, or the stand-in `$!` of a job that has none. */
export function jobOfPid(context: BuiltinContext, pid: number): Job | undefined {
  return context.jobs().find((job) => job.scriptPid === pid || job.processes.some((process) => process.pid === pid));
}

function lookupJob(context: BuiltinContext, spec: string): Job {
  return context.shell.jobControl.resolve(spec, context.jobs(), context.argv[0] as string);
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
  shell.jobControl.update();
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
    const mark = shell.jobControl.mark(job, all);
    lines.push(long ? formatJobLong(job.id, mark, job.state, job.processes, job.command) : `${formatJobLine(job.id, mark, job.state, job.command)}\n`);
    // Reported as done once, then gone (bash's notification).
    shell.jobControl.listed(job);
  }
  await output.out(lines.join(''));
  return 0;
};

/**
 * wait [-fn] [-p VAR] [spec | pid ...]: all running jobs by default; the status of the last
 * operand. -n waits for the next of them (or of all jobs) to end and returns its status (127 when
 * there is none), -p puts the PID or job spec it was about in VAR. As in bash, a stopped job is
 * not waited for (it is reported, 128+N for `wait %N`) unless -f is given, and in an interactive
 * shell Ctrl-C ends the wait with 130, leaving the jobs as they are.
 */
export const wait: Builtin = async (context) => {
  const { argv, output, shell, state } = context;
  const parsed = await parseOrReport(output, argv, 'fnp:');
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const variable = valueOf(options, 'p');
  if (variable !== undefined && !isValidName(variable)) {
    await output.err(`quirl: wait: \`${variable}': not a valid identifier\n`);
    return 1;
  }
  if (variable !== undefined) state.unset(variable);
  const untilDone = has(options, 'f');
  shell.jobControl.update();
  if (has(options, 'n')) return waitForNext(context, operands, variable);
  if (operands.length === 0) {
    const jobs = context.jobs();
    const settled = await unlessInterrupted(context, Promise.all(jobs.map((job) => (untilDone ? job.whenDone() : job.whenSettled()))));
    if (settled.kind === 'interrupted') return settled.status;
    for (const job of jobs) {
      if (job.state.kind === 'stopped') await output.err(`quirl: wait: warning: job ${job.id}[${job.pgid ?? ''}] stopped\n`);
      // A job waited for is finished with: it is neither listed nor reported again.
      else context.shell.jobControl.forget(job);
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
    const settled = await unlessInterrupted(context, untilDone ? job.whenDone() : job.whenSettled());
    if (settled.kind === 'interrupted') return settled.status;
    const ended = settled.value;
    if (variable !== undefined) state.set(variable, operand);
    if (ended.kind === 'stopped') {
      await output.err(`quirl: wait: warning: job ${job.id} is stopped\n`);
      status = 128 + ended.signal;
      continue;
    }
    status = ended.kind === 'done' ? ended.status : 0;
    context.shell.jobControl.forget(job);
  }
  return status;
};

/** `wait -n`: the first of the jobs named (or of all) to end; a job that ended already counts first; stopped jobs do not count. */
async function waitForNext(context: BuiltinContext, operands: readonly string[], variable: string | undefined): Promise<number> {
  const { state } = context;
  const named: Job[] = [];
  for (const operand of operands) {
    const job = await waitOperand(context, operand);
    if (typeof job !== 'number') named.push(job);
  }
  // A stopped job cannot end until continued: bash leaves it out (with -f too), and with no
  // other job returns 127 at once rather than wait for ever.
  const candidates = (operands.length === 0 ? context.jobs() : named).filter((job) => job.state.kind !== 'stopped');
  if (candidates.length === 0) return 127;
  const ended = await unlessInterrupted(context, Promise.race(candidates.map((job) => job.whenDone().then(() => job))));
  if (ended.kind === 'interrupted') return ended.status;
  const job = ended.value;
  if (variable !== undefined) state.set(variable, String(job.scriptPid));
  context.shell.jobControl.forget(job);
  return job.state.kind === 'done' ? job.state.status : 0;
}


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

/** A signal operand: a name with or without SIG, RTMIN+N, or a number. */
function signalOf(word: string): number | undefined {
  if (word === '0') return 0;
  const condition = parseCondition(word);
  return typeof condition === 'number' ? condition : undefined;
}

/** kill [-s SIG | -n N | -SIG] pid|spec ...; kill -l|-L [status|signal ...] */
export const kill: Builtin = async (context) => {
  const { argv, output } = context;
  const words = argv.slice(1);
  if (words[0] === '-l' || words[0] === '-L') return listSignals(context, words.slice(1));
  let signal: number = SIGNALS.SIGTERM;
  let index = 0;
  const first = words[0];
  if (first === '-s' || first === '-n') {
    const word = words[1];
    if (word === undefined) {
      await output.err(`quirl: kill: ${first}: option requires an argument\n`);
      return 1;
    }
    const parsed = signalOf(word);
    if (parsed === undefined) {
      await output.err(`quirl: kill: ${word}: invalid signal specification\n`);
      return 1;
    }
    signal = parsed;
    index = 2;
  } else if (first !== undefined && first.startsWith('-') && first !== '--' && first.length > 1) {
    const parsed = signalOf(first.slice(1));
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
    await output.err(`kill: usage: ${synopsis('kill')}\n`);
    return 2;
  }
  let status = 0;
  for (const target of targets) {
    try {
      await signalTarget(context, target, signal);
    } catch (error) {
      await output.err(`quirl: kill: ${target}: ${isShellError(error) ? error.message.replace(/^kill: [^:]*: /, '') : describe(error)}\n`);
      status = 1;
    }
  }
  return status;
};

/** Sends `signal` to one operand of kill: %job, PID, -PGID, or 0 (the shell's own process group). */
async function signalTarget(context: BuiltinContext, target: string, signal: number): Promise<void> {
  const { shell } = context;
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
  } else if (target === '0') {
    // bash's children share its group; Quirl's jobs have groups of their own, which a script's
    // `kill 0` takes along, as bash's would. An interactive shell's jobs are left alone, as bash's are.
    if (!shell.interactive) for (const job of context.jobs()) if (!job.isCompleted()) job.signal(signal);
    native.killpg(native.getpgrp(), signal);
    await new Promise((resolve) => setImmediate(resolve));
  } else if (target === '-1') {
    // Every process there is: never what a user of the shell means. Refused by name.
    throw new ShellError('Usage', 'refusing to signal every process');
  } else {
    throw new ShellError('Usage', 'arguments must be process or job IDs');
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ESRCH') return 'No such process';
  if (code === 'EPERM') return 'Operation not permitted';
  return errorMessage(error);
}

/** kill -l: bash's table; with operands, the name of each number (or exit status 128+N), the number of each name. */
async function listSignals({ output }: BuiltinContext, operands: readonly string[]): Promise<number> {
  if (operands.length === 0) {
    await output.out(signalTable());
    return 0;
  }
  let status = 0;
  for (const operand of operands) {
    if (/^\d+$/.test(operand)) {
      const number = Number(operand) > 128 ? Number(operand) - 128 : Number(operand);
      const name = signalOf(String(number)) === undefined || number === 0 ? undefined : conditionName(number).slice(3);
      if (name === undefined) {
        await output.err(`quirl: kill: ${operand}: invalid signal specification\n`);
        status = 1;
      } else await output.out(`${name}\n`);
    } else {
      const number = signalOf(operand);
      if (number === undefined) {
        await output.err(`quirl: kill: ${operand}: invalid signal specification\n`);
        status = 1;
      } else await output.out(`${number}\n`);
    }
  }
  return status;
}
