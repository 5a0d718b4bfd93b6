/**
 * The layer rules of eslint.config.mjs: a module that imports a layer above its own fails the
 * lint, wherever in its layer's folders it sits, and every module of the code is in one layer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

interface Layer {
  readonly name: string;
  readonly imports: readonly string[];
  readonly dir?: readonly string[];
  readonly file?: readonly string[];
}

/** The layer rule's complaints about `code` as the module at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CLOSED: readonly (readonly [string, string])[] = [
  ['shell/syntax/synthetic.ts', "import { expandWord } from '../expand';"],
  ['shell/expand/synthetic.ts', "import type { ShellState } from '../interp/state';"],
  ['shell/expand/arith/synthetic.ts', "import { Interpreter } from '../../interp/interpreter';"],
  ['shell/interp/synthetic.ts', "import { BUILTINS } from '../builtins';"],
  ['shell/interp/synthetic.ts', "export { BUILTINS } from '../builtins/table';"],
  ['shell/interp/synthetic.ts', "import { loop } from '../interactive/loop';"],
  ['shell/interp/synthetic.ts', "import { main } from '../main';"],
  ['shell/builtins/synthetic.ts', "import { InteractiveShell } from '../interactive/loop';"],
  ['shell/interactive/editor/synthetic.ts', "import { InteractiveShell } from '../loop';"],
  ['shell/interactive/editor/synthetic.ts', "import type { ShellState } from '../../interp/state';"],
  ['shell/exec/synthetic.ts', "import { parse } from '../syntax';"],
  ['shell/interactive/editor/synthetic.ts', "import { activate } from '../../../extension/extension';"],
  ['shell/exec/synthetic.ts', "import * as vscode from 'vscode';"],
  ['shell/eventually.ts', "import type { Span } from './syntax/ast';"],
  ['shell/ipc/protocol.ts', "import { IpcClient } from './client';"],
  ['native/synthetic.ts', "import { encodeText } from '../shell/bytes';"],
  ['extension/synthetic.ts', "import { ShellState } from '../shell/interp/state';"],
];

for (const [file, code] of CLOSED) {
  test(`the lint fails ${file}: ${code}`, async () => {
    assert.equal((await layerErrors(file, code)).length, 1);
  });
}

const OPEN: readonly (readonly [string, string])[] = [
  ['shell/expand/synthetic.ts', "import type { Word } from '../syntax/ast';\nimport { decodeBytes } from '../bytes';"],
  ['shell/interp/synthetic.ts', "import { expandWord } from '../expand';\nimport { Executor } from '../exec/executor';\nimport { native } from '../../native';"],
  ['shell/builtins/synthetic.ts', "import { ShellState } from '../interp/state';\nimport { generateCompletions } from '../completion/generate';"],
  ['shell/interactive/synthetic.ts', "import { BUILTINS } from '../builtins';\nimport { IpcClient } from '../ipc/client';\nimport { LineEditor } from './editor';"],
  ['shell/interactive/editor/synthetic.ts', "import { ShellError } from '../../errors';\nimport { KeyBindings } from './bindings';"],
  ['shell/builtins/synthetic.ts', "import { KeyBindings } from '../interactive/editor/bindings';"],
  ['shell/main.ts', "import { runInteractive } from './interactive/loop';"],
  ['extension/synthetic.ts', "import * as vscode from 'vscode';\nimport { PROTOCOL_VERSION } from '../shell/ipc/protocol';"],
];

for (const [file, code] of OPEN) {
  test(`the lint passes ${file}: ${code.replace(/\n/g, ' ')}`, async () => {
    assert.deepEqual(await layerErrors(file, code), []);
  });
}

function modules(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join('native', 'build') ? [] : modules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

async function layers(): Promise<readonly Layer[]> {
  const configUrl = new URL('eslint.config.mjs', `file://${root}`).href;
  return ((await import(configUrl)) as { LAYERS: readonly Layer[] }).LAYERS;
}

test('a layer imports only layers listed before it: the order is an order', async () => {
  const seen = new Set<string>();
  for (const layer of await layers()) {
    for (const below of layer.imports) assert.ok(seen.has(below), `${layer.name} imports ${below}, which is not below it`);
    seen.add(layer.name);
  }
});

test('every module of shell/, native/ and extension/ is in exactly one layer, and the rule applies to it', async () => {
  const LAYERS = await layers();
  for (const path of ['shell', 'native', 'extension'].flatMap(modules)) {
    // A folder's modules are those not in a folder of another layer inside it.
    const folders = LAYERS.flatMap((layer) => (layer.dir ?? []).filter((dir) => path.startsWith(`${dir}/`)).map((dir) => ({ layer, dir })));
    const deepest = Math.max(...folders.map(({ dir }) => dir.length));
    const owners = [...LAYERS.filter((layer) => layer.file?.includes(path)), ...folders.filter(({ dir }) => dir.length === deepest).map(({ layer }) => layer)];
    assert.equal(owners.length, 1, `${path} is in ${owners.map((l) => l.name).join(', ') || 'no layer'}`);
    const config = (await eslint.calculateConfigForFile(join(root, path))) as { rules: Record<string, [string, { patterns?: unknown[] }?]> };
    assert.ok((config.rules['no-restricted-imports']?.[1]?.patterns?.length ?? 0) > 0, `the layer rule does not reach ${path}`);
  }
});
