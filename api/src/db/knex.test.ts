// A 201 means the record survives a power cut: every connection the pool hands out commits durably. Read back
// from the connections themselves (a pragma set on one connection says nothing about the next one the pool
// opens), on both engines.
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestDb } from '../testing/test-app';
import type { Db } from './knex';

/** SQLite's `synchronous` as a number: 2 is FULL (1 NORMAL, 0 OFF). */
async function sqliteSynchronous(db: Db | Db['client']): Promise<number> {
  const rows = (await (db as Db).raw('PRAGMA synchronous')) as { synchronous: number }[];
  return rows[0]!.synchronous;
}

describe.each(ENGINES)('durable commits on %s', (engine) => {
  const testDb = useTestDb(engine);

  it(engine === 'sqlite' ? 'every pooled connection runs synchronous = FULL in WAL mode' : 'synchronous_commit and fsync are on', async () => {
    if (engine === 'postgres') {
      const show = async (name: string) => ((await testDb.db.raw(`show ${name}`)) as { rows: Record<string, string>[] }).rows[0]![name];
      expect(await show('synchronous_commit')).toBe('on');
      expect(await show('fsync')).toBe('on');
      return;
    }
    expect(await sqliteSynchronous(testDb.db)).toBe(2);
    expect(((await testDb.db.raw('PRAGMA journal_mode')) as { journal_mode: string }[])[0]!.journal_mode).toBe('wal');
    // The connection a transaction (every store is one) runs on.
    await testDb.db.transaction(async (trx) => expect(await sqliteSynchronous(trx as unknown as Db)).toBe(2));
    // A second pool on the same file, as a second process would open; and a pool whose connection was
    // closed and opened again.
    expect(await sqliteSynchronous(testDb.connectAgain())).toBe(2);
    const again = testDb.connectAgain();
    await again.destroy();
    again.initialize();
    expect(await sqliteSynchronous(again)).toBe(2);
  });
});

describe.each(ENGINES)('two processes writing on %s', (engine) => {
  const testDb = useTestDb(engine);

  // The server and a command on the same database (user:add, a restore, the browser tests' helpers): a
  // transaction that reads, then writes, must not fail because the other one wrote in between. On SQLite a
  // deferred transaction's read would pin a snapshot that can no longer write ("database is locked", at once,
  // whatever the busy timeout); an immediate one takes the write lock at its start, and the other writer waits.
  it('a read-then-write transaction and a write from another connection both commit', async () => {
    const other = testDb.connectAgain();
    const row = (email: string) => ({ email, name: email, password_hash: 'x', role: 'admin', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });
    // The moment the other connection's insert has begun running: from then on it has either committed (a
    // deferred transaction here would then fail to write) or is waiting for this one's lock. On PostgreSQL the
    // two inserts do not conflict and the other one simply commits.
    const began = engine === 'sqlite' ? (await watchStatements(other, /^insert/i)).began : undefined;
    let outside: Promise<unknown> | undefined;
    await testDb.db.transaction(async (trx) => {
      await trx('users').count({ n: '*' });
      // (A query runs when awaited or then'd: started here, finished after the transaction.)
      outside = other('users').insert(row('outside@example.com')).then(() => 'stored');
      await (began ?? outside);
      await trx('users').insert(row('inside@example.com'));
    });
    await outside;
    expect((await testDb.db('users').whereIn('email', ['outside@example.com', 'inside@example.com']).pluck('email')).sort()).toEqual(['inside@example.com', 'outside@example.com']);
  });
});

/** Watches `db`'s one SQLite connection (its trace hook): `began` resolves when a statement matching `pattern` begins. */
async function watchStatements(db: Db, pattern: RegExp): Promise<{ began: Promise<void> }> {
  const conn = (await db.client.acquireConnection()) as { on: (event: 'trace', listener: (sql: string) => void) => void };
  db.client.releaseConnection(conn);
  return { began: new Promise<void>((resolve) => conn.on('trace', (sql) => pattern.test(sql.trim()) && resolve())) };
}
