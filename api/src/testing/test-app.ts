// Real parts for API tests: a fresh SQLite file, or a fresh schema on the PostgreSQL server named by
// TEST_DATABASE_URL; the real app listening on an ephemeral port; real HTTP from the test.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb, knexConfig, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import type { AppDeps } from '../deps';
import { createLiveBus } from '../pipeline/live-bus';
import { createSubmissions, LEAD_WORK_FOLLOWERS } from '../wiring';

export type Engine = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Its absence is never silent: the global setup
 * (postgres-coverage.ts) fails the run under CI and prints a warning elsewhere.
 */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  /** Opens another connection pool on the same database, as a second server process would. */
  connectAgain: () => Db;
  drop: () => Promise<void>;
  /** The SQLite database's file (SQLite only), for tests that read what is on disk. */
  sqliteFile?: string;
}

export async function createTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-test-'));
    const file = path.join(dir, 'test.sqlite');
    const db = createDb(file);
    await migrateLatest(db);
    const extra: Db[] = [];
    return {
      db,
      sqliteFile: file,
      connectAgain: () => {
        const again = createDb(file);
        extra.push(again);
        return again;
      },
      drop: async () => {
        await Promise.all([db, ...extra].map((d) => d.destroy()));
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory(knexConfig(url));
  await admin.raw(`create schema ${schema}`);
  await admin.destroy();
  const open = () => knexFactory({ ...knexConfig(url), searchPath: [schema] });
  const db = open();
  await migrateLatest(db);
  const extra: Db[] = [];
  return {
    db,
    connectAgain: () => {
      const again = open();
      extra.push(again);
      return again;
    },
    drop: async () => {
      await Promise.all([db, ...extra].map((d) => d.destroy()));
      const cleanup = knexFactory(knexConfig(url));
      await cleanup.raw(`drop schema ${schema} cascade`);
      await cleanup.destroy();
    },
  };
}

export interface TestApp {
  baseUrl: string;
  deps: AppDeps;
  close: () => Promise<void>;
}

export const TEST_SESSION_KEYS = ['test-session-secret-test-session-secret-0123456789'];

/**
 * The settings of a test: defaults, with mail saved (no SMTP_URL) into a temp folder of the run's own, never into
 * the data folder.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // The suite's cheaper password hashes (vitest.config.ts sets PASSWORD_HASH_COST) apply to in-process apps too.
  const base = loadConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST });
  return { ...base, mail: { ...base.mail, dir: testMailDir() }, ...overrides };
}

let mailDir: string | undefined;
function testMailDir(): string {
  mailDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dm-mail-'));
  return mailDir;
}

export type AppOverrides = Partial<Omit<AppDeps, 'config'>> & { config?: Partial<Config> };

/** Starts the real app on 127.0.0.1 on a free port, over the given database. */
export async function startTestApp(db: Db, overrides: AppOverrides = {}): Promise<TestApp> {
  const { config: configOverrides, ...rest } = overrides;
  const base = {
    db,
    config: testConfig({ rateLimitPerMinute: null, ...configOverrides }),
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
    sessionKeys: TEST_SESSION_KEYS,
    live: createLiveBus(),
    ...rest,
  };
  const deps: AppDeps = {
    ...base,
    submissions: rest.submissions ?? createSubmissions(base.logger, base.live, base),
    leadWorkFollowers: rest.leadWorkFollowers ?? LEAD_WORK_FOLLOWERS,
  };
  const server = http.createServer(createApp(deps).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('server did not start');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    deps,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh database of one engine for the tests of the enclosing `describe`; see useTestDb. */
export interface UsedTestDb {
  readonly db: Db;
  /** Opens another connection pool on the same database, as a second server process would. */
  connectAgain: () => Db;
}

/** The real app over a fresh database, for the tests of the enclosing `describe`; see useTestApp. */
export interface UsedTestApp extends TestApp, UsedTestDb {}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('useTestApp/useTestDb: read inside a test or a later hook, not while the suite is collected');
  return value;
}

/**
 * Creates a fresh database of `engine` before the enclosing `describe`'s tests and drops it after them. Call
 * it in the `describe` body; read `db` inside tests and hooks registered after it.
 */
export function useTestDb(engine: Engine): UsedTestDb {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb(engine);
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  return {
    get db() {
      return ready(testDb).db;
    },
    connectAgain: () => ready(testDb).connectAgain(),
  };
}

/**
 * A fresh database of `engine` and the real app listening over it, for the enclosing `describe`: created
 * before its tests, closed and dropped after them. `overrides` may be a function, run in the hook, when they
 * depend on something an earlier hook started (a fake third-party server). Hooks registered after this call
 * run after the app is up (Vitest runs `beforeAll` hooks in order).
 */
export function useTestApp(engine: Engine, overrides: AppOverrides | (() => AppOverrides | Promise<AppOverrides>) = {}): UsedTestApp {
  const database = useTestDb(engine);
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(database.db, typeof overrides === 'function' ? await overrides() : overrides);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get db() {
      return database.db;
    },
    connectAgain: database.connectAgain,
    get baseUrl() {
      return ready(app).baseUrl;
    },
    get deps() {
      return ready(app).deps;
    },
    close: () => ready(app).close(),
  };
}

/** fetch with JSON in and out, as a browser on the same origin would send it. */
export async function api(baseUrl: string, method: string, pathName: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + pathName, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
