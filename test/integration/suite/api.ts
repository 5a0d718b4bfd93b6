/** The extension under test, activated, and the QuirlApi its activate() returns. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { QuirlApi } from '../../../extension/api';

export const EXTENSION_ID = 'quirl.quirl';

export async function quirlApi(): Promise<QuirlApi> {
  const extension = vscode.extensions.getExtension<QuirlApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed in this host`);
  const api = extension.isActive ? extension.exports : await extension.activate();
  assert.equal(typeof api?.shells, 'function', 'activate() returned no QuirlApi');
  return api;
}
