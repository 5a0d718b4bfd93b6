/**
 * The launcher's end of the in-host suite's UI driver (see ../driver-protocol.ts): a Unix socket
 * server that performs each request on the workbench page and answers when it is done.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { DriverReply, DriverRequest } from '../driver-protocol';
import { pickProfileFromDropdown } from '../ui/panel';
import type { Workbench } from '../workbench';

export class UiDriverServer {
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on `socketPath`; `workbench` is asked for when a request comes (it opens after the server). */
  static async listen(socketPath: string, workbench: () => Workbench | undefined, log: (line: string) => void): Promise<UiDriverServer> {
    const server = createServer((socket) => serve(socket, workbench, log));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    return new UiDriverServer(server);
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    return closed;
  }
}

function serve(socket: Socket, workbench: () => Workbench | undefined, log: (line: string) => void): void {
  socket.on('error', () => undefined);
  const lines = createInterface({ input: socket });
  // One request at a time per connection, in order.
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    queue = queue.then(async () => {
      const reply = await perform(line, workbench, log);
      if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
    });
  });
}

async function perform(line: string, workbench: () => Workbench | undefined, log: (line: string) => void): Promise<DriverReply> {
  try {
    const request = JSON.parse(line) as DriverRequest;
    const current = workbench() ?? fail('the workbench is not open');
    log(`[driver] ${line}`);
    switch (request.action) {
      case 'pickProfile':
        await pickProfileFromDropdown(current.page, request.title);
        break;
      case 'type':
        await current.page.keyboard.type(request.text);
        break;
      case 'crashBrowser':
        await current.crashBrowser();
        break;
      default:
        fail(`unknown action in ${line}`);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function fail(message: string): never {
  throw new Error(message);
}
