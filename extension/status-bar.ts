/**
 * The status-bar item: how many jobs run and how many are stopped across every Quirl shell;
 * shown while any Quirl shell is linked, and opens the jobs view when clicked.
 */
import * as vscode from 'vscode';
import type { JobsModel } from './jobs-model';
import { countsText } from './presentation';

export class JobsStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('quirl.jobs', vscode.StatusBarAlignment.Left, 10);

  constructor(private readonly model: JobsModel) {
    this.item.name = 'Quirl Jobs';
    this.item.command = 'quirl.jobs.focus';
    this.update();
  }

  update(): void {
    const counts = this.model.counts();
    this.item.text = countsText(counts);
    this.item.tooltip = `Quirl: ${counts.running} running, ${counts.stopped} stopped`;
    if (this.model.list().length > 0) this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
  }
}
