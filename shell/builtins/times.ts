/** times: the CPU time of the shell, then of the children it has waited for (user, then system). */
import { native } from '../../native';
import type { Builtin } from '../interp/builtin-api';

/** `0m0.012s`, as bash prints a time. */
function minutes(seconds: number): string {
  const whole = Math.floor(seconds / 60);
  return `${whole}m${(seconds - whole * 60).toFixed(3)}s`;
}

export const times: Builtin = async ({ output }) => {
  const own = process.cpuUsage();
  const children = native.childTimes();
  await output.out(`${minutes(own.user / 1e6)} ${minutes(own.system / 1e6)}\n${minutes(children.user)} ${minutes(children.system)}\n`);
  return 0;
};
