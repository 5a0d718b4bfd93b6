// ShellState.environment(): one frozen array while the exported variables stay as they are (the
// native spawn knows it by identity), a new one after any change a child could see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ShellState } from '../../shell/interp/state';

function freshState(): ShellState {
  return ShellState.fromEnvironment({ PATH: '/bin', KEPT: 'k' }, '/', 'quirl', []);
}

test('the environment is the same frozen array until an exported variable changes', () => {
  const state = freshState();
  const first = state.environment();
  assert.ok(Object.isFrozen(first));
  // Variables no child sees change nothing: a loop's counter keeps the array.
  state.set('i', '1');
  state.set('i', '2');
  state.makeLocal('i');
  assert.equal(state.environment(), first);
  state.set('KEPT', 'changed');
  const second = state.environment();
  assert.notEqual(second, first);
  assert.ok(second.includes('KEPT=changed'));
  assert.deepEqual(first.filter((entry) => entry.startsWith('KEPT=')), ['KEPT=k']);
});

test('each kind of change to what is exported makes a new environment', () => {
  const state = freshState();
  const changes: [string, () => void, (env: readonly string[]) => boolean][] = [
    ['export of a new name', () => state.export('NEW', 'v'), (env) => env.includes('NEW=v')],
    ['export -n', () => state.setAttributes('NEW', [], ['x']), (env) => !env.some((entry) => entry.startsWith('NEW='))],
    ['export of a set variable', () => state.setAttributes('NEW', ['x'], []), (env) => env.includes('NEW=v')],
    ['an attribute that changes the value', () => { state.setAttributes('NEW', ['u'], []); state.set('NEW', 'up'); }, (env) => env.includes('NEW=UP')],
    ['unset', () => state.unset('NEW'), (env) => !env.some((entry) => entry.startsWith('NEW='))],
    ['a nameref assigning an exported variable', () => { state.setReference('ref', 'KEPT'); state.set('ref', 'through'); }, (env) => env.includes('KEPT=through')],
    ['an exported variable made an array', () => state.assignArray('KEPT', [{ key: undefined, value: 'a', append: false }], false), (env) => !env.some((entry) => entry.startsWith('KEPT='))],
  ];
  for (const [what, change, holds] of changes) {
    const before = state.environment();
    change();
    const after = state.environment();
    assert.ok(holds(after), what);
    assert.notEqual(after, before, what);
    assert.equal(state.environment(), after, `${what}: kept after`);
  }
});

test('a subshell has its own environment, and prefix assignments a new array each time', () => {
  const state = freshState();
  const parent = state.environment();
  const child = state.clone();
  child.set('KEPT', 'sub');
  assert.ok(child.environment().includes('KEPT=sub'));
  assert.equal(state.environment(), parent);
  const prefixed = state.environment([['KEPT', 'pre']]);
  assert.ok(prefixed.includes('KEPT=pre'));
  assert.notEqual(state.environment([['KEPT', 'pre']]), prefixed);
  assert.equal(state.environment(), parent);
});

test('exported functions are in the environment kept, and a redefinition or export -n makes a new one', () => {
  const state = ShellState.fromEnvironment({ PATH: '/bin', 'BASH_FUNC_f%%': '() { echo one; }' }, '/', 'quirl', []);
  const first = state.environment();
  assert.ok(first.some((entry) => entry.startsWith('BASH_FUNC_f%%=') && entry.includes('one')));
  assert.equal(state.environment(), first);
  const redefined = ShellState.fromEnvironment({ 'BASH_FUNC_f%%': '() { echo two; }' }, '/', 'quirl', []).functions.get('f');
  assert.ok(redefined !== undefined);
  state.defineFunction(redefined);
  const second = state.environment();
  assert.notEqual(second, first);
  assert.ok(second.some((entry) => entry.startsWith('BASH_FUNC_f%%=') && entry.includes('two')));
  assert.equal(state.environment(), second);
  state.exportedFunctions.delete('f');
  assert.ok(!state.environment().some((entry) => entry.startsWith('BASH_FUNC_f%%=')));
});
