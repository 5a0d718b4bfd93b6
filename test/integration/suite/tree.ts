/**
 * The jobs tree as the view shows it, read through the extension's own TreeDataProvider: labels,
 * descriptions and context values, never the extension's internals. Elements stay opaque; a job
 * element is what the view would pass to a job command.
 */
import type * as vscode from 'vscode';

export interface TreeNode {
  readonly element: unknown;
  readonly label: string;
  readonly description: string;
  readonly contextValue: string | undefined;
  readonly children: readonly TreeNode[];
}

export async function readTree(provider: vscode.TreeDataProvider<unknown>, parent?: unknown): Promise<TreeNode[]> {
  const elements = (await provider.getChildren(parent)) ?? [];
  return Promise.all(
    elements.map(async (element) => {
      const item = await provider.getTreeItem(element);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      const description = typeof item.description === 'string' ? item.description : '';
      return { element, label, description, contextValue: item.contextValue, children: await readTree(provider, element) };
    }),
  );
}

/** The node of the shell with this pid (its label or description names the pid). */
export function shellNode(tree: readonly TreeNode[], shellPid: number): TreeNode | undefined {
  const pid = new RegExp(`\\b${shellPid}\\b`);
  return tree.find((node) => pid.test(node.label) || pid.test(node.description));
}

/** A shell's job node by job number: its label reads `[N] command`. */
export function jobNode(shell: TreeNode | undefined, jobId: number): TreeNode | undefined {
  return shell?.children.find((node) => node.label.startsWith(`[${jobId}] `));
}

/** One line per node, for failure messages. */
export function treeText(tree: readonly TreeNode[], depth = 0): string {
  return tree
    .map((node) => `${'  '.repeat(depth)}${node.label} | ${node.description} | ${node.contextValue ?? ''}\n${treeText(node.children, depth + 1)}`)
    .join('');
}
