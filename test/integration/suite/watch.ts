/**
 * Every state of one shell's part of the jobs tree, read through the view's own data provider each
 * time QuirlApi.onDidChangeJobs fires. Expectations are met in order: each finds the first state at
 * or after the previous match, so a short-lived state (a job done, then removed) is not missed and
 * an old one is not mistaken for a new one.
 */
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { QuirlApi } from '../../../extension/api';
import { readTree, shellNode, treeText, type TreeNode } from './tree';
import { eventually } from './wait';

export interface TreeState {
  /** performance.now() when onDidChangeJobs fired (or the watch began). */
  readonly at: number;
  /** The shell's node, undefined while the tree does not show the shell. */
  readonly shell: TreeNode | undefined;
}

export class TreeWatch implements vscode.Disposable {
  private readonly states: TreeState[] = [];
  private cursor = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly api: QuirlApi,
    readonly shellPid: number,
  ) {
    this.subscription = api.onDidChangeJobs(() => void this.capture(performance.now()));
    void this.capture(performance.now());
  }

  /** The first state from the cursor on where `find` finds a node; moves the cursor there. */
  async expect(what: string, find: (shell: TreeNode | undefined) => TreeNode | undefined): Promise<{ node: TreeNode; at: number }> {
    return eventually(
      what,
      () => {
        for (let index = this.cursor; index < this.states.length; index++) {
          const state = this.states[index]!;
          const node = find(state.shell);
          if (node !== undefined) {
            this.cursor = index;
            return { node, at: state.at };
          }
        }
        return undefined;
      },
      { events: [this.changed.event], describe: () => this.lastText() },
    );
  }

  /** The shell node's label in every state seen, while the tree showed it. */
  shellLabels(): string[] {
    return this.states.flatMap((state) => (state.shell === undefined ? [] : [state.shell.label]));
  }

  /** Forgets every state so far: the next expectation looks only at changes from now on. */
  skipToNow(): void {
    this.cursor = this.states.length;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async capture(at: number): Promise<void> {
    // The provider answers from the extension's model synchronously; these awaits settle before
    // the next IPC message can change it.
    const tree = await readTree(this.api.jobsTree);
    this.states.push({ at, shell: shellNode(tree, this.shellPid) });
    this.changed.fire();
  }

  private lastText(): string {
    const last = this.states.at(-1);
    return last?.shell === undefined ? `no node for shell ${this.shellPid}` : treeText([last.shell]);
  }
}
