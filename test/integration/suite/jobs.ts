/** Finding a job by its command line in a shell's table, and what the tree says of a job node. */
import type { QuirlApi } from '../../../extension/api';
import type { JobSnapshot } from '../../../shell/ipc/protocol';
import { jobNode, type TreeNode } from './tree';
import { eventually } from './wait';
import { shellsText } from './terminals';

/** The job running `command` in the shell's table, once the shell has published it. */
export function publishedJob(api: QuirlApi, shellPid: number, command: string): Promise<JobSnapshot> {
  return eventually(
    `shell ${shellPid} to publish a job \`${command}\``,
    () => api.shells().find((shell) => shell.pid === shellPid)?.jobs.find((job) => job.command === command),
    { events: [api.onDidChangeJobs], describe: () => shellsText(api) },
  );
}

/** A finder for TreeWatch.expect: the job's node once its context value is `quirlJob.<state>`. */
export function jobIn(jobId: number, state: 'running' | 'stopped' | 'done'): (shell: TreeNode | undefined) => TreeNode | undefined {
  return (shell) => {
    const node = jobNode(shell, jobId);
    return node?.contextValue === `quirlJob.${state}` ? node : undefined;
  };
}

/** A finder: the shell's node once it has no node for the job. */
export function jobGone(jobId: number): (shell: TreeNode | undefined) => TreeNode | undefined {
  return (shell) => (shell !== undefined && jobNode(shell, jobId) === undefined ? shell : undefined);
}

/** The member process nodes of a job node that name this pid. */
export function memberNode(job: TreeNode, pid: number): TreeNode | undefined {
  const pattern = new RegExp(`\\b${pid}\\b`);
  return job.children.find((node) => pattern.test(node.label) || pattern.test(node.description));
}
