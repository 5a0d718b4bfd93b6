/**
 * The in-host suite's hands in the workbench page: requests to the launcher (../driver-protocol.ts),
 * which performs them with Playwright as a person would. Only under the code-server launcher;
 * desktop VS Code (QUIRL_VSCODE=download) has no driver, and index.ts leaves the driven tests out.
 */
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import { DRIVER_VARIABLE, type DriverReply, type DriverRequest } from '../driver-protocol';
import { DEADLINE_MS } from './wait';

export function hasUiDriver(): boolean {
  return (process.env[DRIVER_VARIABLE] ?? '') !== '';
}

/** Performs one request in the page; rejects with the launcher's reason, or after the deadline. */
export function drive(request: DriverRequest, timeoutMs = 2 * DEADLINE_MS): Promise<void> {
  const path = process.env[DRIVER_VARIABLE];
  if (path === undefined || path === '') return Promise.reject(new Error(`${DRIVER_VARIABLE} is not set: the UI driver runs only under the code-server launcher`));
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    const timer = setTimeout(() => finish(new Error(`the UI driver did not finish ${JSON.stringify(request)} within ${timeoutMs / 1000} s`)), timeoutMs);
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      socket.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    socket.on('error', (error) => finish(error));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    createInterface({ input: socket }).once('line', (line) => {
      const reply = JSON.parse(line) as DriverReply;
      finish(reply.ok ? undefined : new Error(`the UI driver failed ${JSON.stringify(request)}: ${reply.error}`));
    });
  });
}
