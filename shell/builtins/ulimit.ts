/**
 * ulimit [-SHa] [-cdefilmnpqrstuvxR [LIMIT]]: resource limits. They are recorded in the context's
 * state for its children (a subshell's stay there) and set in each child between its fork and its
 * exec (native/src/limits.cc), never on the shell itself: its own limits are Node's and V8's, and
 * `ulimit -v` or `-s` there would end it. What the shell shows is what its children get; as in
 * bash, a hard limit once lowered cannot be raised again.
 */
import type { ResourceLimit, ResourceName } from '../../native';
import { native } from '../../native';
import { has, parseOrReport } from './options';
import type { Builtin } from '../interp/builtin-api';

interface Resource {
  readonly letter: string;
  /** undefined for the pipe size, which is a constant of the system, not a limit. */
  readonly name: ResourceName | undefined;
  /** Bytes (or units) per unit shown. */
  readonly factor: number;
  readonly description: string;
  readonly unit: string;
}

/** bash 5.2's table, in the order `ulimit -a` prints it. */
const RESOURCES: readonly Resource[] = [
  { letter: 'R', name: 'rttime', factor: 1, description: 'real-time non-blocking time', unit: 'microseconds' },
  { letter: 'c', name: 'core', factor: 1024, description: 'core file size', unit: 'blocks' },
  { letter: 'd', name: 'data', factor: 1024, description: 'data seg size', unit: 'kbytes' },
  { letter: 'e', name: 'nice', factor: 1, description: 'scheduling priority', unit: '' },
  { letter: 'f', name: 'fsize', factor: 1024, description: 'file size', unit: 'blocks' },
  { letter: 'i', name: 'sigpending', factor: 1, description: 'pending signals', unit: '' },
  { letter: 'l', name: 'memlock', factor: 1024, description: 'max locked memory', unit: 'kbytes' },
  { letter: 'm', name: 'rss', factor: 1024, description: 'max memory size', unit: 'kbytes' },
  { letter: 'n', name: 'nofile', factor: 1, description: 'open files', unit: '' },
  { letter: 'p', name: undefined, factor: 512, description: 'pipe size', unit: '512 bytes' },
  { letter: 'q', name: 'msgqueue', factor: 1, description: 'POSIX message queues', unit: 'bytes' },
  { letter: 'r', name: 'rtprio', factor: 1, description: 'real-time priority', unit: '' },
  { letter: 's', name: 'stack', factor: 1024, description: 'stack size', unit: 'kbytes' },
  { letter: 't', name: 'cpu', factor: 1, description: 'cpu time', unit: 'seconds' },
  { letter: 'u', name: 'nproc', factor: 1, description: 'max user processes', unit: '' },
  { letter: 'v', name: 'as', factor: 1024, description: 'virtual memory', unit: 'kbytes' },
  { letter: 'x', name: 'locks', factor: 1, description: 'file locks', unit: '' },
];

/** PIPE_BUF, in 512-byte blocks (Linux and macOS). */
const PIPE_SIZE: ResourceLimit = { soft: 4096, hard: 4096 };

function current(resource: Resource, recorded: ReadonlyMap<ResourceName, ResourceLimit>): ResourceLimit | undefined {
  if (resource.name === undefined) return PIPE_SIZE;
  try {
    return recorded.get(resource.name) ?? native.getResourceLimit(resource.name);
  } catch {
    // A resource this platform lacks.
    return undefined;
  }
}

function shown(value: number, resource: Resource): string {
  return value === Infinity ? 'unlimited' : String(Math.floor(value / resource.factor));
}

function line(resource: Resource, value: string): string {
  const unit = resource.unit === '' ? `(-${resource.letter}) ` : `(${resource.unit}, -${resource.letter}) `;
  return `${resource.description.padEnd(20)} ${unit.padStart(20)}${value}\n`;
}

/** What setrlimit would say to a change refused. */
const REFUSALS = { EPERM: 'Operation not permitted', EINVAL: 'Invalid argument' } as const;

/** The limits a change asks for, or the errno that refuses it (as setrlimit would). */
function changed(limit: ResourceLimit, value: number, soft: boolean, hard: boolean): ResourceLimit | keyof typeof REFUSALS {
  const next = { soft: soft ? value : limit.soft, hard: hard ? value : limit.hard };
  if (next.hard > limit.hard) return 'EPERM';
  if (next.soft > next.hard) return 'EINVAL';
  return next;
}

export const ulimit: Builtin = async ({ argv, output, state }) => {
  const parsed = await parseOrReport(output, argv, 'SHa' + RESOURCES.map((resource) => resource.letter).join(''));
  if (typeof parsed === 'number') return parsed;
  const { options, operands } = parsed;
  const soft = has(options, 'S') || !has(options, 'H');
  const hard = has(options, 'H') || !has(options, 'S');
  // In the order the options came, as bash prints them.
  const chosen = has(options, 'a')
    ? RESOURCES
    : options.flatMap((option) => RESOURCES.filter((resource) => resource.letter === option.letter));
  const selected = chosen.length === 0 ? RESOURCES.filter((resource) => resource.letter === 'f') : chosen;
  const word = operands[0];
  if (word === undefined || has(options, 'a')) {
    const lines: string[] = [];
    for (const resource of selected) {
      const limit = current(resource, state.childLimits);
      if (limit === undefined) continue;
      const value = shown(has(options, 'H') ? limit.hard : limit.soft, resource);
      lines.push(selected.length > 1 ? line(resource, value) : `${value}\n`);
    }
    await output.out(lines.join(''));
    return 0;
  }
  let status = 0;
  const recorded = new Map(state.childLimits);
  for (const resource of selected) {
    const limit = current(resource, recorded);
    if (limit === undefined) continue;
    let value: number;
    if (word === 'unlimited') value = Infinity;
    else if (word === 'hard' || word === 'soft') value = limit[word];
    else if (/^\d+$/.test(word)) value = Number(word) * resource.factor;
    else {
      await output.err(`quirl: ulimit: ${word}: invalid number\n`);
      return 1;
    }
    const next = resource.name === undefined ? 'EINVAL' : changed(limit, value, soft, hard);
    if (typeof next === 'string') {
      await output.err(`quirl: ulimit: ${resource.description}: cannot modify limit: ${REFUSALS[next]}\n`);
      status = 1;
      continue;
    }
    recorded.set(resource.name as ResourceName, next);
  }
  state.childLimits = recorded;
  return status;
};
