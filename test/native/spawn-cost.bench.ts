// Cost of starting a command through the addon: spawn + reap of /bin/true, against the staged
// path (spawnStaged + releaseStaged + reap). Prints the median per command over the rounds.
//   node --import tsx test/native/spawn-cost.bench.ts [rounds=5] [perRound=1000]
// Not a test (the runner picks up *.test.ts only): timings depend on the machine's load.
import { constants } from 'node:fs';
import { native } from '../../native';

const rounds = Number(process.argv[2] ?? 5);
const perRound = Number(process.argv[3] ?? 1000);
const nul = native.open('/dev/null', constants.O_RDWR, 0);
const base = { file: '/bin/true', argv: ['true'], env: [], cwd: null, fds: [nul, nul, nul] };

// reapKilled is a blocking waitpid(pid, 0): right for a command that exits by itself, as true does.
const methods: Record<string, () => void> = {
  'spawn + reap': () => {
    native.reapKilled(native.spawn({ ...base, group: { kind: 'new' } }));
  },
  'spawnStaged + releaseStaged + reap': () => {
    const child = native.spawnStaged({ ...base, group: { kind: 'new' }, foregroundTtyChildFd: null });
    native.releaseStaged(child, 2000);
    native.reapKilled(child.pid);
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

for (const [name, run] of Object.entries(methods)) {
  for (let i = 0; i < 50; i++) run(); // warm up
  const perCommand: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) run();
    perCommand.push(Number(process.hrtime.bigint() - started) / 1000 / perRound);
  }
  const shown = perCommand.map((us) => us.toFixed(0)).join(', ');
  console.log(`${name}: median ${median(perCommand).toFixed(0)} µs per command (rounds: ${shown})`);
}
native.close(nul);
