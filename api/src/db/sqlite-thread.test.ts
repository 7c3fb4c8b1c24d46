// SQLite's write connections on their thread (sqlite-thread.ts): what the rest of the code counts on from them, as
// it counted on node-sqlite3's. A wait for another connection's lock never holds up the thread (the lock's owner,
// on the same thread, commits meanwhile), for a statement as for a batch of submissions; the submissions wait for a
// transaction the process itself has open; two processes writing bursts on one file both get every write through;
// every connection is the one SQLite library (never node-sqlite3 beside it), the reader on a thread of its own;
// blobs come back as Buffers and errors with node-sqlite3's codes; and the thread, which outlives the connections
// it served, does not keep a process from ending once they are closed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';
import { leadInputSchema } from '../contract';
import { submitLead } from '../modules/leads';
import { createLiveBus } from '../pipeline/live-bus';
import { holdTransaction } from '../testing/held-transaction';
import { leadBody } from '../testing/leads';
import { createChildDatabase, startServerChild } from '../testing/server-child';
import { TEST_SESSION_KEYS, testConfig, useTestDb } from '../testing/test-app';
import { createSubmissions } from '../wiring';
import { createDb, readerOf, type Db } from './knex';
import { SqliteImmediateClient } from './sqlite-immediate';

const user = (email: string) => ({ email, name: email, password_hash: 'x', role: 'admin', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

/** The submission pipeline on `db`, as a server process puts it together. */
function pipelineOn(db: Db) {
  const logger = pino({ level: 'silent' });
  const live = createLiveBus();
  return { db, clock: () => new Date(), logger, live, submissions: createSubmissions(logger, live, { config: testConfig(), sessionKeys: TEST_SESSION_KEYS }) };
}

/** A lead as the route hands it on, validated. */
const lead = (email: string) => leadInputSchema.parse(leadBody({ email }));

/** Resolves with `promise`'s value, or with 'pending' if it has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe("SQLite's thread", () => {
  const testDb = useTestDb('sqlite');

  it("a write that meets another pool's lock waits for it, while that pool's own statements and commit go through", async () => {
    const other = testDb.connectAgain();
    const held = await holdTransaction(other, (trx) => trx('users').insert(user('holder@example.com')));
    // (A Knex query runs each time it is awaited: once, here.)
    const waiting = testDb.db('users').insert(user('waiter@example.com')).then(() => 'stored');
    expect(await within(waiting, 300)).toBe('pending');
    // The holder still works on the shared thread: a read in its transaction would have deadlocked behind a wait
    // that held the thread.
    await held.release();
    await waiting;
    expect((await testDb.db('users').whereIn('email', ['holder@example.com', 'waiter@example.com']).pluck('email')).sort()).toEqual(['holder@example.com', 'waiter@example.com']);
  });

  it("submissions wait for another pool's lock and then are all stored, once each", async () => {
    const deps = pipelineOn(testDb.db);
    const other = testDb.connectAgain();
    const before = Number((await testDb.db('leads').count({ n: '*' }))[0]!.n);
    const held = await holdTransaction(other, (trx) => trx('users').insert(user('holder2@example.com')));
    const outcomes = Promise.all(Array.from({ length: 30 }, (_, i) => submitLead(deps, lead(`wait-${i}@example.com`), crypto.randomUUID())));
    expect(await within(outcomes, 300)).toBe('pending');
    await held.release();
    expect((await outcomes).map((o) => o.status)).toEqual(Array(30).fill(201));
    expect(Number((await testDb.db('leads').count({ n: '*' }))[0]!.n)).toBe(before + 30);
  });

  it("submissions wait while the process's own transaction on the connection is open, and go once it commits", async () => {
    const deps = pipelineOn(testDb.db);
    let stored: Promise<unknown> | undefined;
    await testDb.db.transaction(async (trx) => {
      await trx('users').insert(user('inside@example.com'));
      stored = submitLead(deps, lead('after-the-transaction@example.com'), crypto.randomUUID());
      expect(await within(stored, 200)).toBe('pending');
    });
    expect(await stored).toMatchObject({ status: 201 });
  });

  it('every SQLite connection of the process is better-sqlite3 through the thread: the reader too, and no node-sqlite3 to load', () => {
    // Two copies of SQLite in one process on one file corrupt it (each blind to the other's locks).
    expect(testDb.db.client).toBeInstanceOf(SqliteImmediateClient);
    expect(readerOf(testDb.db).client).toBeInstanceOf(SqliteImmediateClient);
    expect(() => createRequire(import.meta.url).resolve('sqlite3')).toThrow();
  });

  it("a read on the reader is answered while the writes' thread is busy: it has a thread of its own", async () => {
    await readerOf(testDb.db).raw('select 1');
    const order: string[] = [];
    // A statement that keeps the writes' thread busy for a good while (counting to ten million).
    const long = testDb.db.raw('with recursive n(x) as (select 1 union all select x + 1 from n where x < 10000000) select count(*) as c from n').then(() => order.push('write connection'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read = readerOf(testDb.db).raw('select count(*) as c from users').then(() => order.push('reader'));
    await Promise.all([long, read]);
    expect(order).toEqual(['reader', 'write connection']);
  });

  it('a blob comes back as a Buffer, and an error with the code and wording of node-sqlite3', async () => {
    await testDb.db.raw('create table blobs (b blob)');
    await testDb.db('blobs').insert({ b: Buffer.from([0, 1, 2, 255]) });
    const [row] = (await testDb.db('blobs').select('b')) as { b: unknown }[];
    expect(Buffer.isBuffer(row!.b)).toBe(true);
    expect([...(row!.b as Buffer)]).toEqual([0, 1, 2, 255]);
    const failed = await testDb.db('users').insert(user('holder@example.com')).catch((err: unknown) => err as { code?: string; message: string });
    expect(failed).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect((failed as { message: string }).message).toMatch(/^insert into `users` .* - SQLITE_CONSTRAINT: UNIQUE constraint failed: users\.email$/);
  });
});

describe('two processes on one SQLite file', () => {
  it('bursts of submissions to both at once are all stored: neither keeps the lock from the other', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase('sqlite');
    const servers = await Promise.all([startServerChild(database.url), startServerChild(database.url)]);
    try {
      const burst = (baseUrl: string, tag: string) =>
        Promise.all(
          Array.from({ length: 25 }, async (_, lane) => {
            const statuses: number[] = [];
            for (let i = 0; i < 16; i++) {
              const res = await fetch(`${baseUrl}/api/leads`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
                body: JSON.stringify(leadBody({ email: `${tag}-${lane}-${i}@example.com` })),
              });
              statuses.push(res.status);
            }
            return statuses;
          }),
        );
      const [one, two] = await Promise.all(servers.map((server, i) => burst(server.baseUrl, `p${i}`)));
      expect([...one!.flat(), ...two!.flat()].filter((status) => status !== 201)).toEqual([]);
      const db = createDb(database.url);
      try {
        expect(Number((await db('leads').count({ n: '*' }))[0]!.n)).toBe(2 * 25 * 16);
      } finally {
        await db.destroy();
      }
    } finally {
      await Promise.all(servers.map((server) => server.kill()));
      await database.drop();
    }
  });
});

describe("a process's SQLite thread once its databases are closed", () => {
  it('keeps the process alive no longer: a script that closes its database ends', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-thread-idle-'));
    const script = path.join(dir, 'open.mts');
    fs.writeFileSync(
      script,
      `import { createDb } from ${JSON.stringify(path.join(ROOT_DIR, 'api/src/db/knex.ts'))};\n` +
        `const db = createDb(${JSON.stringify(path.join(dir, 'idle.sqlite'))});\n` +
        `await db.raw('create table t (x)');\nawait db('t').insert({ x: 1 });\nconsole.log(JSON.stringify(await db('t').select('x')));\nawait db.destroy();\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT_DIR, timeout: 30_000, encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('[{"x":1}]');
  });
});
