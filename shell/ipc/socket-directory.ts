/**
 * Whether a directory may hold the link's socket: a directory of this user's that nobody else can
 * enter. Anyone who could enter it could stand in for the extension, or for the shell. Both sides
 * check it: the extension before listening there, the shell before connecting.
 */
import { lstatSync } from 'node:fs';

/** Why `directory` must not hold the socket, or undefined when it is private to this user. */
export function socketDirectoryProblem(directory: string): string | undefined {
  let stats;
  try {
    stats = lstatSync(directory);
  } catch {
    return `${directory} is gone`;
  }
  if (!stats.isDirectory()) return `${directory} is not a directory`;
  if (stats.uid !== process.getuid?.()) return `${directory} belongs to another user`;
  if ((stats.mode & 0o077) !== 0) return `${directory} is open to other users`;
  return undefined;
}
