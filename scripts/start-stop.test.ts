// `npm start` as the README gives it, stopped the way a supervisor stops it (SIGTERM to the process it started) and
// started on a port another process holds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ROOT_DIR } from '../api/src/config';
import { alive, freePort, portTaken, processTree } from '../api/src/testing/local-processes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function npmStart(port: number, database: string) {
  const child = spawn('npm', ['start'], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database, LOG_LEVEL: 'warn', SESSION_SECRET: 'start-stop-test-session-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('npm start, stopped and refused', () => {
  it('SIGTERM to the process npm start gave - the server stops cleanly, the port is free within 10 s, no process of the product is left', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const run = npmStart(port, path.join(dir, 'stop.sqlite'));
    // (A web build older than its sources is rebuilt first, as npm start does: up to a minute or two.)
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200), { timeout: 150_000, interval: 200 });
    const tree = processTree(run.child.pid!);
    expect(tree.length).toBeGreaterThan(1);

    const signalled = Date.now();
    run.child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await portTaken(port)).toBe(false), { timeout: 10_000, interval: 100 });
    await vi.waitFor(() => expect(tree.filter(alive)).toEqual([]), { timeout: 10_000 - (Date.now() - signalled), interval: 100 });
    expect(await run.exited).toBe(0);
  });

  it('a port another process holds - one line saying so, exit code 1, no stack trace', { timeout: 120_000 }, async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const run = npmStart(port, path.join(dir, 'taken.sqlite'));
      expect(await run.exited).toBe(1);
      const lines = run.output().split('\n').filter((line) => line.trim() && !line.startsWith('>') && !line.startsWith('{'));
      expect(lines).toEqual([`Port ${port} is in use: stop the other process or set PORT`]);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
