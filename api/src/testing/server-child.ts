// The real server in a child process, started as `npm start` starts it (api/src/server.ts), so a test can kill
// it with SIGKILL the way a crash or an out-of-memory kill ends it, and start it again on the same database.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import knexFactory from 'knex';
import { knexConfig } from '../db/knex';
import { ROOT_DIR } from '../config';
import type { Engine } from './test-app';

export interface ServerChild {
  baseUrl: string;
  /** Resolves with the first line of its standard output matching `pattern` (already printed or still to come). */
  waitForLine: (pattern: RegExp) => Promise<RegExpExecArray>;
  /** Every line it has printed so far, standard output and standard error together. */
  output: () => string[];
  /** SIGKILL: no shutdown handler runs, open transactions die with the process. */
  kill: () => Promise<void>;
  pid: number;
  /** Sends `signal` (SIGTERM: the drain) and resolves with the exit code once the process has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface ServerChildOptions {
  /** false: answer as soon as the process runs, on the PORT given in `env` (a start held up by the test). */
  waitUntilServing?: boolean;
}

/** `env` adds to or overrides the settings the child starts with (LIVE_HEARTBEAT_MS, …). */
export async function startServerChild(databaseUrl: string, env: Record<string, string> = {}, { waitUntilServing = true }: ServerChildOptions = {}): Promise<ServerChild> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'api/src/server.ts')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'off',
      SESSION_SECRET: 'server-child-session-secret-0123456789abcdef',
      PIPEDRIVE_API_TOKEN: '',
      NODE_ENV: 'production',
      // Messages saved without SMTP go to a temp folder, never into the data folder.
      MAIL_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dm-child-mail-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed: string[] = [];
  // Standard error still reaches the test run's own, as it did when it was inherited.
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    printed.push(line);
    process.stderr.write(`${line}\n`);
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const seen: string[] = [];
  const watchers: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  lines.on('line', (line) => {
    seen.push(line);
    printed.push(line);
    for (const w of [...watchers]) {
      const m = w.pattern.exec(line);
      if (m) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const waitForLine = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve) => {
      for (const line of seen) {
        const m = pattern.exec(line);
        if (m) return resolve(m);
      }
      watchers.push({ pattern, resolve });
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = waitUntilServing
    ? await new Promise<number>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
        void waitForLine(/serving on http:\/\/localhost:(\d+)/).then((m) => resolve(Number(m[1])));
      })
    : Number(env.PORT);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    waitForLine,
    output: () => [...printed],
    pid: child.pid!,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    kill: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A database of its own for a child server: a SQLite file in a temp folder, or a throwaway PostgreSQL database. */
export async function createChildDatabase(engine: Engine): Promise<{ url: string; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-child-'));
    return { url: path.join(dir, 'child.sqlite'), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `dm_child_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory(knexConfig(server));
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = knexFactory(knexConfig(server));
      await again.raw(`drop database if exists ${name} with (force)`);
      await again.destroy();
    },
  };
}
