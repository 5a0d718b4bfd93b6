/**
 * Activation: opens the socket directory (the same one a previous host of this window used), starts
 * the endpoint, and wires shells' tables through the model to the jobs tree, the status bar and
 * the notifications; registers the terminal profile and the commands. Every disposable goes
 * into context.subscriptions, the one store VS Code empties on deactivation.
 */
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import type { LinkAddress } from '../shell/ipc/address';
import { IPC_SOCKET_VARIABLE } from '../shell/ipc/protocol';
import { socketDirectoryProblem } from '../shell/ipc/socket-directory';
import type { QuirlApi } from './api';
import { registerCommands } from './commands';
import { Endpoint, EndpointError, type EndpointEvents, type ShellPeer } from './endpoint';
import { JobsModel } from './jobs-model';
import { JobsTree } from './jobs-tree';
import { addonProblem } from './addon-target';
import { unsupportedPlatform } from './launch';
import { notifyTransitions } from './notifications';
import { PROFILE_ID, QuirlProfile } from './profile';
import { SecretBook } from './secrets';
import { openSocketDirectory, type SocketDirectory } from './socket-dir';
import { parentGone, releaseSocketDirectory } from './socket-release';
import { socketDirectoryAt, sweepSocketDirectories } from './socket-sweep';
import { JobsStatusBar } from './status-bar';
import type { WindowTerminals } from './handover';
import { linkOfProcess } from './process-link';
import { QuirlTerminals, linkOf } from './terminals';
import { activateUnsupported } from './unsupported';

/** workspaceState key of the socket directory, so the next host of this window reuses it. */
const DIRECTORY_KEY = 'quirl.ipcDirectory';

/** This host's shutdown, once activation got that far: VS Code awaits deactivate (for up to 5 s), not disposables. */
let stopping: (() => Promise<void>) | undefined;

export function deactivate(): Promise<void> | undefined {
  return stopping?.();
}

export async function activate(context: vscode.ExtensionContext): Promise<QuirlApi> {
  const activationStarted = performance.now();
  // The server that started this host: when it is gone at deactivation, the whole server is stopping.
  const parentAtActivation = process.ppid;
  const unsupported = unsupportedPlatform(process.platform) ?? addonProblem(context.extensionUri.fsPath, `${process.platform}-${process.arch}`);
  if (unsupported !== undefined) return activateUnsupported(context, unsupported);
  const subscriptions = context.subscriptions;
  const log = vscode.window.createOutputChannel('Quirl', { log: true });
  subscriptions.push(log);

  const model = new JobsModel();
  const secrets = new SecretBook(context.workspaceState);
  const peers = new Map<number, ShellPeer>();
  const events: EndpointEvents = {
    connected: (peer) => {
      log.info(`shell ${peer.pid} linked`);
      peers.set(peer.pid, peer);
      model.connect(peer.pid);
    },
    jobs: (peer, params) => model.update(peer.pid, params),
    disconnected: (peer) => {
      peers.delete(peer.pid);
      model.remove(peer.pid);
    },
    handedOver: () => log.info('a newer extension host of this window took the socket and its shells over (this host\'s page is gone)'),
  };
  let started;
  try {
    started = await startEndpoint(context, secrets, events, (line) => log.info(line));
  } catch (error) {
    void vscode.window.showErrorMessage(`Quirl cannot start the link to its shells: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  const { directory, endpoint, kept } = started;
  // When, too: after a restart, how long the shells waited is the host's start plus this activation.
  const timing = `${Math.round(performance.now() - activationStarted)} ms into activation, ${process.uptime().toFixed(1)} s into the extension host`;
  log.info(`listening on ${directory.socketPath}${directory.fresh ? '' : ' (reused from the previous extension host)'}, ${timing}`);
  // Not awaited: the round trip to the window's storage would delay the link, not make it safer.
  void context.workspaceState.update(DIRECTORY_KEY, directory.directory);
  // Directories of hosts that were stopped rather than shut down; after the link is up, off its path.
  void sweepSocketDirectories({ keep: directory.directory }).then(
    (swept) => swept.forEach((stale) => log.info(`removed the stale socket directory ${stale}`)),
    (error: unknown) => log.warn(`could not sweep stale socket directories: ${error instanceof Error ? error.message : String(error)}`),
  );
  const terminals = new QuirlTerminals(() => endpoint.socketPaths);
  // Registered at once, so a failure further down still closes the socket.
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= shutDown(endpoint, directory, terminals, parentAtActivation));
  stopping = stop;
  subscriptions.push({ dispose: () => void stop() });

  const terminalOf = (shellPid: number): vscode.Terminal | undefined => {
    const peer = peers.get(shellPid);
    return peer === undefined ? undefined : terminals.terminalOf(peer);
  };
  const tree = new JobsTree(model, terminalOf);
  const statusBar = new JobsStatusBar(model, (shellPid) => terminalOf(shellPid) !== undefined);
  const changed = new vscode.EventEmitter<void>();
  const profile = new QuirlProfile(context.extensionUri.fsPath, directory.socketPath, secrets);

  /** The view shows what the model holds and which terminal runs each shell: a change to either. */
  const viewChanged = (): void => {
    tree.refresh();
    statusBar.update();
    changed.fire();
  };
  /** Paths being taken on now (one attempt at a time per path). */
  const following = new Set<string>();
  /**
   * Listens on another path too, where shells of this window's terminals link: named in a
   * terminal's env, or the path an earlier host of this window listened on and another host kept
   * at activation (a host code-server kept after the browser went away, asked to hand it over once
   * this window shows its shells' terminals; they are revived after this host starts).
   */
  const follow = async (socketPath: string): Promise<void> => {
    if (following.has(socketPath) || endpoint.socketPaths.includes(socketPath) || socketDirectoryProblem(dirname(socketPath)) !== undefined) return;
    following.add(socketPath);
    try {
      await endpoint.listenAlso(socketPath, await windowTerminals(secrets));
      log.info(`listening on ${socketPath} too, where shells of this window's terminals link`);
      viewChanged();
    } catch (error) {
      log.warn(`cannot listen on ${socketPath}, where shells of this window's terminals link: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      following.delete(socketPath);
    }
  };
  /** A link a shell of this window's terminals was given: its secret is known, and its socket listened on. */
  const followLink = (link: LinkAddress): void => {
    secrets.add(link.secret);
    if (!endpoint.socketPaths.includes(link.socketPath)) void follow(link.socketPath);
  };
  const adopt = (terminal: vscode.Terminal): void => {
    const link = linkOf(terminal);
    if (link !== undefined) followLink(link);
    profile.revealIfPicked(terminal, terminals.secretOf(terminal));
    // Any terminal may run a linked shell whose secret its options do not show: match it by pid.
    void terminals.learn(terminal).then(async () => {
      const pid = await terminal.processId;
      if (pid !== undefined && link === undefined) {
        // A terminal revived in a new page shows no creation environment, and the window's state
        // (which the browser keeps) may be gone with a browser that died: the shell's own start-up
        // environment still names the socket it retries and the secret it proves.
        const started = linkOfProcess(pid);
        if (started !== undefined) {
          terminals.learnLink(terminal, started);
          followLink(started);
        }
      }
      viewChanged();
      if (kept !== undefined && pid !== undefined && !peers.has(pid)) void follow(kept);
    });
  };
  const close = (terminal: vscode.Terminal): void => {
    // A window reload detaches terminals (reason Shutdown) while their shells live on in the pty
    // host for the next extension host: their secrets must stay, and their links end with us.
    if (endedForGood(terminal)) {
      for (const peer of [...peers.values()]) {
        if (terminals.runs(terminal, peer)) endpoint.drop(peer.pid, 'its terminal closed');
      }
      const secret = terminals.secretOf(terminal);
      if (secret !== undefined) secrets.remove(secret);
    }
    terminals.forget(terminal);
  };
  vscode.window.terminals.forEach(adopt);

  const unsubscribe = model.onDidChange((change) => {
    viewChanged();
    if (change.kind === 'table') void notifyTransitions(change.transitions, terminalOf);
  });

  subscriptions.push(
    { dispose: unsubscribe },
    tree,
    statusBar,
    changed,
    vscode.window.createTreeView('quirl.jobs', { treeDataProvider: tree, showCollapseAll: true }),
    vscode.window.registerTerminalProfileProvider(PROFILE_ID, profile),
    vscode.window.onDidOpenTerminal(adopt),
    vscode.window.onDidCloseTerminal(close),
    ...registerCommands({ model, endpoint, profile, terminalOf }),
  );

  return {
    shells: () => model.list().map((shell) => ({ pid: shell.pid, terminal: terminalOf(shell.pid), jobs: shell.jobs })),
    onDidChangeJobs: changed.event,
    jobsTree: tree,
    statusBar: () => statusBar.state,
  };
}

/**
 * Listens in the directory the shells of this window already know (from their terminals' env, or
 * as remembered in workspaceState). A host still listening there is asked to hand it over when this
 * window shows terminals of its shells (the page came back after the browser went away, and
 * code-server kept the old page's host); if it keeps it, in a fresh directory.
 */
async function startEndpoint(
  context: vscode.ExtensionContext,
  secrets: SecretBook,
  events: EndpointEvents,
  log: (line: string) => void,
): Promise<{ directory: SocketDirectory; endpoint: Endpoint; kept?: string }> {
  const previous = directoryOfTerminals() ?? context.workspaceState.get<string>(DIRECTORY_KEY);
  let directory = openSocketDirectory(previous);
  const options = { secrets, events, log };
  try {
    return { directory, endpoint: await Endpoint.listen({ ...options, socketPath: directory.socketPath, window: await windowTerminals(secrets) }) };
  } catch (error) {
    if (!(error instanceof EndpointError && error.code === 'SocketInUse')) throw error;
    const kept = directory.socketPath;
    log(`${kept} is kept by another listener; listening in a fresh directory, and asking for it again as this window's terminals come`);
    directory = openSocketDirectory(undefined);
    return { directory, endpoint: await Endpoint.listen({ ...options, socketPath: directory.socketPath }), kept };
  }
}

/** The secrets this window's hosts issued and learnt, and the process ids of the terminals it shows now. */
async function windowTerminals(secrets: SecretBook): Promise<WindowTerminals> {
  const pids = await Promise.all(vscode.window.terminals.map((terminal) => Promise.race([terminal.processId, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000))])));
  return { secrets: secrets.all(), pids: pids.filter((pid): pid is number => pid !== undefined) };
}

/** The socket directory this window's existing Quirl terminals were given, if private. */
function directoryOfTerminals(): string | undefined {
  for (const terminal of vscode.window.terminals) {
    const options = terminal.creationOptions;
    const socketPath = 'env' in options ? options.env?.[IPC_SOCKET_VARIABLE] : undefined;
    if (typeof socketPath === 'string' && socketDirectoryProblem(dirname(socketPath)) === undefined) return dirname(socketPath);
  }
  return undefined;
}

/** The exits after which a terminal's shell is gone (not merely detached from this window). */
const FINAL_EXITS: ReadonlySet<vscode.TerminalExitReason> = new Set([vscode.TerminalExitReason.Process, vscode.TerminalExitReason.User, vscode.TerminalExitReason.Extension]);

function endedForGood(terminal: vscode.Terminal): boolean {
  const reason = terminal.exitStatus?.reason;
  return reason !== undefined && FINAL_EXITS.has(reason);
}

/**
 * Stops listening. The directory stays while any shell is linked or any Quirl terminal remains,
 * so those shells keep retrying and reconnect to the next host (a restart or reload), and after a
 * handover, where a newer host listens in it; otherwise it goes, and with it the last trace of
 * this host. When those shells cannot outlive this host (the server is stopping, or terminals do
 * not persist), it goes once they have ended.
 */
async function shutDown(endpoint: Endpoint, directory: SocketDirectory, terminals: QuirlTerminals, parentAtActivation: number): Promise<void> {
  const linked = endpoint.shells();
  const terminalsLinked = linked.length > 0 || vscode.window.terminals.some((terminal) => terminals.secretOf(terminal) !== undefined);
  // Besides its own, the directories of earlier hosts this one took over (shells of its terminals link there).
  const taken = endpoint.socketPaths.filter((socketPath) => socketPath !== directory.socketPath).flatMap((socketPath) => socketDirectoryAt(socketPath) ?? []);
  const handedOver = [directory, ...taken].map((each) => endpoint.wasHandedOver(each.socketPath));
  await endpoint.close();
  const serverGone = parentGone(parentAtActivation);
  // The pty host ends with the server and its terminals with it: the shells are hung up now rather
  // than when it notices, which on a loaded machine can be later than deactivation may last.
  if (serverGone) linked.forEach(hangUp);
  const shellsEnd = serverGone || !terminalsPersist();
  await Promise.all([directory, ...taken].map((each, index) => releaseSocketDirectory({ directory: each, inUse: handedOver[index] === true || terminalsLinked, shellsEnd })));
}

function hangUp(pid: number): void {
  try {
    process.kill(pid, 'SIGHUP');
  } catch {
    // Gone already.
  }
}

/** Whether VS Code keeps terminals' processes for the window's next host (its default) rather than killing them with the window. */
function terminalsPersist(): boolean {
  return vscode.workspace.getConfiguration('terminal.integrated').get<boolean>('enablePersistentSessions', true);
}
