// data/, the SQLite file and the session secret are private to the server's account, and a session secret
// file that could not protect cookies stops the start with a clear message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { resolveSessionKeys } from '../session-secret';
import { testConfig } from '../testing/test-app';

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('private files', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-perm-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });
  const keysFor = (dataDir: string) => resolveSessionKeys({ ...testConfig(), sessionSecret: undefined, dataDir });

  it('new SQLite database - its directory 0700, the file and its -wal 0600', async () => {
    const file = path.join(root, 'data', 'db.sqlite');
    const db = createDb(file);
    try {
      await migrateLatest(db);
      await db('pricing_products').select('id').limit(1);
    } finally {
      await db.destroy();
    }
    expect(modeOf(path.dirname(file)).toString(8)).toBe('700');
    expect(modeOf(file).toString(8)).toBe('600');
    for (const companion of [`${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(companion)) expect(modeOf(companion).toString(8)).toBe('600');
    }
  });

  it('new session secret - data dir 0700, secret file 0600 with at least 32 characters', () => {
    const dataDir = path.join(root, 'data');
    const [key] = keysFor(dataDir);
    expect(key!.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(path.join(dataDir, 'session-secret')).toString(8)).toBe('600');
    // The next start reads the same secret.
    expect(keysFor(dataDir)).toEqual([key]);
  });

  it('data dir and secret left world-readable by an older version - tightened to 0700 and 0600', () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'session-secret');
    fs.writeFileSync(file, 'x'.repeat(64), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(keysFor(dataDir)).toEqual(['x'.repeat(64)]);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(file).toString(8)).toBe('600');
  });

  it('empty or short session secret file - refused at start with a message naming the file', () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'session-secret');
    for (const [content, says] of [['', 'is empty'], ['  too-short-secret \n', 'is shorter than 32 characters']] as const) {
      fs.writeFileSync(file, content);
      expect(() => keysFor(dataDir)).toThrow(ConfigError);
      expect(() => keysFor(dataDir)).toThrow(`The session secret in ${file} ${says}`);
    }
  });
});
