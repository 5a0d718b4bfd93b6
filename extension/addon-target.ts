/**
 * Which platform the packaged native addon was built for, read from its file header (ELF or
 * Mach-O), without loading it. A .vsix holds one platform's binaries (`vsce package --target`);
 * this tells the packager which target a build is, and the extension whether the addon it ships
 * fits the machine it was installed on, so it can refuse to start with a reason instead of failing
 * at the first job.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { LaunchError } from './launch';

/** The VS Code targets Quirl is packaged for: `<platform>-<arch>`. */
export const PACKAGE_TARGETS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64'] as const;
export type PackageTarget = (typeof PACKAGE_TARGETS)[number];

/** The addon inside the extension, relative to its root (as .vscodeignore ships it). */
export const ADDON_PATH = path.join('native', 'build', 'Release', 'quirl_native.node');

const ELF_MACHINES: Readonly<Record<number, string>> = { 62: 'x64', 183: 'arm64' };
const MACH_CPUS: Readonly<Record<number, string>> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

/** The `<platform>-<arch>` a binary's header names, or undefined when it is neither ELF nor 64-bit Mach-O of a known CPU. */
export function binaryTarget(header: Buffer): string | undefined {
  if (header.length >= 20 && header.readUInt32BE(0) === 0x7f454c46) {
    const machine = header[5] === 2 ? header.readUInt16BE(18) : header.readUInt16LE(18);
    const arch = ELF_MACHINES[machine];
    return arch === undefined ? undefined : `linux-${arch}`;
  }
  if (header.length >= 8 && header.readUInt32LE(0) === 0xfeedfacf) {
    const arch = MACH_CPUS[header.readUInt32LE(4)];
    return arch === undefined ? undefined : `darwin-${arch}`;
  }
  return undefined;
}

/** The target of the addon file at `file`; undefined when it is missing or unreadable as a binary. */
export function addonTarget(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const header = Buffer.alloc(64);
    const read = readSync(fd, header, 0, header.length, 0);
    return binaryTarget(header.subarray(0, read));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Why the shipped addon cannot run here (`platform-arch`), or undefined when it fits. */
export function addonProblem(extensionRoot: string, here: string): LaunchError | undefined {
  const file = path.join(extensionRoot, ADDON_PATH);
  const built = addonTarget(file);
  if (built === here) return undefined;
  const what = built === undefined ? `its native addon (${file}) is missing or not a binary this machine can load` : `its native addon is built for ${built}`;
  return new LaunchError('AddonUnavailable', `Quirl cannot start on this machine (${here}): ${what}. Install the Quirl package built for ${here}.`);
}
