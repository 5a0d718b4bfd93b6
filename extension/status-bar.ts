/**
 * The status-bar item: how many jobs run and how many are stopped across the Quirl shells whose
 * terminals this window shows (as the jobs view shows them); shown while there is one, and opens
 * the jobs view when clicked.
 */
import * as vscode from 'vscode';
import type { StatusBarState } from './api';
import type { JobsModel } from './jobs-model';
import { countsText } from './presentation';

export class JobsStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('quirl.jobs', vscode.StatusBarAlignment.Left, 10);
  private current: StatusBarState = { visible: false, running: 0, stopped: 0 };

  /** `shown`: whether a shell's terminal is in this window, as the jobs view shows it. */
  constructor(
    private readonly model: JobsModel,
    private readonly shown: (shellPid: number) => boolean,
  ) {
    this.item.name = 'Quirl Jobs';
    this.item.command = 'quirl.jobs.focus';
    this.update();
  }

  update(): void {
    const counts = this.model.counts(this.shown);
    this.item.text = countsText(counts);
    this.item.tooltip = `Quirl: ${counts.running} running, ${counts.stopped} stopped`;
    const visible = this.model.list().some((shell) => this.shown(shell.pid));
    if (visible) this.item.show();
    else this.item.hide();
    this.current = { visible, ...counts };
  }

  /** What the item shows now (for the API, hence for tests). */
  get state(): StatusBarState {
    return this.current;
  }

  dispose(): void {
    this.item.dispose();
  }
}
