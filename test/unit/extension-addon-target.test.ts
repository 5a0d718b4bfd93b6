// Which platform a native addon was built for, from its header: what the packager checks a
// build against its --target, and what the extension checks before it starts anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ADDON_PATH, addonProblem, addonTarget, binaryTarget } from '../../extension/addon-target';

function elf(machine: number): Buffer {
  const header = Buffer.alloc(64);
  header.writeUInt32BE(0x7f454c46, 0);
  header[4] = 2; // 64-bit
  header[5] = 1; // little-endian
  header.writeUInt16LE(machine, 18);
  return header;
}

function macho(cpu: number): Buffer {
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(cpu, 4);
  return header;
}

test('addon target: ELF and Mach-O headers name their platform; anything else names none', () => {
  assert.equal(binaryTarget(elf(62)), 'linux-x64');
  assert.equal(binaryTarget(elf(183)), 'linux-arm64');
  assert.equal(binaryTarget(macho(0x01000007)), 'darwin-x64');
  assert.equal(binaryTarget(macho(0x0100000c)), 'darwin-arm64');
  assert.equal(binaryTarget(elf(3)), undefined, '32-bit x86');
  assert.equal(binaryTarget(Buffer.from('#!/bin/sh\n')), undefined);
});

test('addon target: this checkout\'s build is this machine\'s platform', () => {
  assert.equal(addonTarget(resolve(__dirname, '..', '..', ADDON_PATH)), `${process.platform}-${process.arch}`);
});

test('addon target: a package whose addon is for another platform, or missing, refuses to start, saying which to install', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'quirl-addon-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  assert.match(addonProblem(root, 'linux-x64')?.message ?? '', /missing or not a binary.*Install the Quirl package built for linux-x64/);
  mkdirSync(dirname(join(root, ADDON_PATH)), { recursive: true });
  writeFileSync(join(root, ADDON_PATH), elf(62));
  assert.equal(addonProblem(root, 'linux-x64'), undefined);
  const problem = addonProblem(root, 'darwin-arm64');
  assert.equal(problem?.code, 'AddonUnavailable');
  assert.equal(problem?.message, 'Quirl cannot start on this machine (darwin-arm64): its native addon is built for linux-x64. Install the Quirl package built for darwin-arm64.');
});
