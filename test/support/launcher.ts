// What a checkout's bin/quirl starts node with: the flags on its `#!/usr/bin/env -S node ...`
// line (a checkout from before the line carried any has `#!/usr/bin/env node`: none).
import { readFileSync } from 'node:fs';

export function launcherNodeFlags(launcher: string): string[] {
  const shebang = readFileSync(launcher, 'utf8').split('\n', 1)[0] ?? '';
  const match = /^#!\/usr\/bin\/env(?: -S)? node((?: \S+)*)$/.exec(shebang);
  if (match === null) throw new Error(`${launcher}: not a node launcher: ${shebang}`);
  return match[1]!.split(' ').filter((flag) => flag !== '');
}
