/**
 * What the shell says it is, in bash's variables: scripts test BASH_VERSION and BASH_VERSINFO to
 * learn they run in bash, so they name the bash release whose semantics Quirl follows (5.2.15,
 * Debian 12's); Quirl's own version is QUIRL_VERSION. OSTYPE, MACHTYPE and HOSTTYPE are the
 * machine's, in bash's GNU spelling; BASH is the file that started this shell.
 */
import { release } from 'node:os';
import { isAbsolute, resolve } from 'node:path';

/** BASH_VERSINFO's first five elements: the bash release followed. */
const BASH_RELEASE = ['5', '2', '15', '1', 'release'] as const;

/** HOSTTYPE: the processor, as GNU names it. */
export function hostType(arch: string = process.arch, platform: string = process.platform): string {
  switch (arch) {
    case 'x64':
      return 'x86_64';
    case 'ia32':
      return 'i686';
    case 'arm64':
      return platform === 'darwin' ? 'arm64' : 'aarch64';
    default:
      return arch;
  }
}

/** OSTYPE: `linux-gnu` on Linux, `darwin23` on macOS 14, else the platform's name. */
export function osType(platform: string = process.platform, kernel: string = release()): string {
  if (platform === 'linux') return 'linux-gnu';
  if (platform === 'darwin') return `darwin${kernel.split('.')[0] ?? ''}`;
  return platform;
}

/** MACHTYPE: processor-vendor-system, as bash's configure guessed it. */
export function machType(arch: string = process.arch, platform: string = process.platform): string {
  const host = hostType(arch, platform);
  const vendor = platform === 'darwin' ? 'apple' : host === 'x86_64' || host === 'i686' ? 'pc' : 'unknown';
  return `${host}-${vendor}-${osType(platform)}`;
}

/** BASH_VERSION: `5.2.15(1)-release`. */
export function bashVersion(): string {
  const [major, minor, patch, build, status] = BASH_RELEASE;
  return `${major}.${minor}.${patch}(${build})-${status}`;
}

/** BASH_VERSINFO's elements. */
export function bashVersionInfo(): string[] {
  return [...BASH_RELEASE, machType()];
}

/**
 * BASH: the path this shell was started by (bin/quirl, or a `bash` link to it), absolute, so
 * that `exec "$BASH" script` starts Quirl again.
 */
export function shellPath(started: string | undefined = process.argv[1], cwd = process.cwd()): string {
  if (started === undefined || started === '') return 'quirl';
  return isAbsolute(started) ? started : resolve(cwd, started);
}
