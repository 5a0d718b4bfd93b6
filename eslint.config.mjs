import path from 'node:path';
import tseslint from 'typescript-eslint';

const VSCODE = { name: 'vscode', message: 'Only extension/ may import vscode.' };

/**
 * The layers of the code, lowest first; README's layout table says why. A module may import its
 * own layer and the layers its layer lists under `imports`, nothing else of the repository.
 * A layer is folders (`dir`, without the folders of other layers inside them) and single files
 * (`file`); every module of shell/, native/ and extension/ is in exactly one
 * (test/unit/layers.test.ts checks it).
 */
export const LAYERS = [
  { name: 'native', dir: ['native'], imports: [] },
  {
    // Leaf utilities every layer shares: bytes and text, errors, the promise-or-value type.
    name: 'base',
    file: ['bytes', 'control', 'errors', 'eventually', 'launch-signals', 'lazy-builtins', 'process-bytes', 'unexpected', 'version'].map((f) => `shell/${f}.ts`),
    imports: ['native'],
  },
  { name: 'syntax', dir: ['shell/syntax'], imports: ['base'] },
  // The line editor, history and its expansion, key bindings: the shell's readline, which the
  // interpreter and builtins (`bind`, `history`, `fc`) use as bash's use readline.
  { name: 'editor', dir: ['shell/interactive/editor'], imports: ['base'] },
  { name: 'expand', dir: ['shell/expand'], imports: ['base', 'syntax'] },
  // Processes, descriptors, the terminal and the job table: nothing of the language.
  { name: 'exec', dir: ['shell/exec', 'shell/jobs'], imports: ['base', 'native'] },
  // What both ends of the VS Code link share: the wire protocol and the launch's environment.
  { name: 'protocol', file: ['address', 'frames', 'protocol', 'reader', 'runtime', 'socket-directory'].map((f) => `shell/ipc/${f}.ts`), imports: [] },
  { name: 'link', file: ['client', 'snapshot'].map((f) => `shell/ipc/${f}.ts`), imports: ['base', 'exec', 'protocol'] },
  { name: 'interp', dir: ['shell/interp'], imports: ['base', 'native', 'syntax', 'expand', 'exec', 'editor'] },
  { name: 'completion', dir: ['shell/completion'], imports: ['base', 'syntax', 'expand', 'exec', 'interp'] },
  { name: 'builtins', dir: ['shell/builtins'], imports: ['base', 'native', 'syntax', 'expand', 'exec', 'editor', 'interp', 'completion'] },
  // The command line, its options named as `set` names them.
  { name: 'invocation', file: ['shell/invocation.ts'], imports: ['base', 'interp'] },
  // The one place the shell is put together: the executor, the resolver, the interpreter and its builtins.
  { name: 'wiring', file: ['shell/wiring.ts'], imports: ['base', 'exec', 'interp', 'builtins'] },
  {
    name: 'interactive',
    dir: ['shell/interactive'],
    imports: ['base', 'native', 'syntax', 'expand', 'exec', 'editor', 'protocol', 'link', 'interp', 'completion', 'builtins', 'invocation', 'wiring'],
  },
  {
    // What starts and wires up the shell.
    name: 'main',
    file: ['backend', 'entry', 'launch', 'launch-environment', 'main', 'script-file', 'signal-keys'].map((f) => `shell/${f}.ts`),
    imports: ['base', 'native', 'syntax', 'expand', 'exec', 'editor', 'protocol', 'link', 'interp', 'completion', 'builtins', 'invocation', 'wiring', 'interactive'],
  },
  { name: 'extension', dir: ['extension'], imports: ['protocol'] },
];

/** The folders of other layers inside `dir`. */
const nestedIn = (dir) => LAYERS.flatMap((other) => other.dir ?? []).filter((inner) => inner.startsWith(`${dir}/`));

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * An import specifier that names `target` (a folder or a .ts file) from a module in a folder
 * `depth` levels inside `dir`. Imports are relative, so which text names a module depends on
 * where the importer is; for a target outside `dir` it is the same from every folder at one depth.
 */
function specifierPattern(dir, depth, target) {
  const from = path.posix.join(dir, ...Array(depth).fill('_'));
  const relative = path.posix.relative(from, target.replace(/\.ts$/, ''));
  const spelled = relative.startsWith('.') ? relative : `./${relative}`;
  // A folder around `dir` (shell/interactive around its editor/): what goes up into it and no higher.
  if (/^\.\.(\/\.\.)*$/.test(relative)) return `^${escape(spelled)}/(?!\.\.(/|$))`;
  if (target.endsWith('.ts')) return `^${escape(spelled)}(\\.js)?$`;
  const inner = nestedIn(target).map((folder) => `(?!/${escape(path.posix.relative(target, folder))}(/|$))`);
  return `^${escape(spelled)}${inner.join('')}(/|$)`;
}

/** The no-restricted-imports patterns for modules of `layer` in `dir` at `depth`. */
function closedTo(layer, dir, depth) {
  const open = new Set([layer.name, ...layer.imports]);
  return LAYERS.filter((other) => !open.has(other.name)).flatMap((other) =>
    [...(other.dir ?? []), ...(other.file ?? [])].map((target) => ({
      regex: specifierPattern(dir, depth, target),
      message: `${target} is in layer ${other.name}; ${layer.name} imports ${layer.imports.join(', ') || 'no other layer'}.`,
    })),
  );
}

/** Folders nest at most this deep inside a layer's folder (shell/interactive/editor/). */
const MAX_DEPTH = 3;

function layerBlocks(layer) {
  const paths = layer.name === 'extension' ? [] : [VSCODE];
  const rule = (dir, depth) => ['error', { paths, patterns: closedTo(layer, dir, depth) }];
  const folders = (layer.dir ?? []).flatMap((dir) =>
    Array.from({ length: MAX_DEPTH }, (_, depth) => ({
      files: [`${dir}/${'*/'.repeat(depth)}*.ts`],
      ignores: nestedIn(dir).map((inner) => `${inner}/**`),
      rules: { 'no-restricted-imports': rule(dir, depth) },
    })),
  );
  const files = (layer.file ?? []).map((file) => ({ files: [file], rules: { 'no-restricted-imports': rule(path.posix.dirname(file), 0) } }));
  return [...folders, ...files];
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'native/build/', 'test-results/', 'bench-results/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [VSCODE] }],
    },
  },
  { files: ['test/integration/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
  ...LAYERS.flatMap(layerBlocks),
  {
    // CommonJS files (node --require preloads) have only require() to import with.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
