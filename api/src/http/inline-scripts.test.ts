// The pages' one inline script runs under the Content-Security-Policy only by the hash the build recorded:
// the policy names exactly that hash, keeps refusing every other inline script, and ignores an entry of the
// recorded list that is not a SHA-256 source.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, startTestApp, type TestApp, type TestDb } from '../testing/test-app';
import { INLINE_SCRIPT_HASHES_FILE, readInlineScriptHashes, scriptHashSource } from './inline-scripts';

const BOOT = "(function () {document.documentElement.dataset.booted = 'yes';})();";

describe('inline script hashes in the Content-Security-Policy', () => {
  let testDb: TestDb;
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-csp-'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Home</title><script>${BOOT}</script>`);
    fs.writeFileSync(path.join(dist, INLINE_SCRIPT_HASHES_FILE), JSON.stringify([scriptHashSource(BOOT), "'unsafe-inline'"]));
    testDb = await createTestDb('sqlite');
    app = await startTestApp(testDb.db, { config: { webDistDir: dist } });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('allows the recorded script by its hash and nothing else inline', async () => {
    const res = await fetch(`${app.baseUrl}/`);
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' ${scriptHashSource(BOOT)}`);
  });

  it('hashes the exact text: one character more is another hash', () => {
    expect(scriptHashSource(BOOT)).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(scriptHashSource(`${BOOT} `)).not.toBe(scriptHashSource(BOOT));
  });

  it('reads no hash where there is no build', () => {
    expect(readInlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
  });
});
