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
