// Writes held to the end of a transaction (db/held-writes.ts): every one made once it commits and none if it rolls
// back, a row changed twice changed twice, a signal heard after the commit; on PostgreSQL all in one statement.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useTestDb } from '../testing/test-app';
import { holdWrites, writeInTransaction } from './held-writes';
import { listen, notify } from './notify';

describe.each(ENGINES)('writes held to the end of a transaction (%s)', (engine) => {
  const database = useTestDb(engine);
  const db = () => database.db;
  let sent: string[];
  const record = (query: { sql: string }) => sent.push(query.sql);

  beforeEach(async () => {
    await db().schema.createTable('held_counts', (t) => {
      t.string('name').primary();
      t.integer('n').notNullable();
    });
    await db().schema.createTable('held_notes', (t) => t.string('note'));
    sent = [];
    db().on('query', record);
  });

  afterEach(async () => {
    db().off('query', record);
    await db().schema.dropTable('held_counts');
    await db().schema.dropTable('held_notes');
  });

  const bump = (trx: typeof database.db, name: string) =>
    writeInTransaction(trx, trx('held_counts').insert({ name, n: 1 }).onConflict('name').merge({ n: trx.raw('?? + 1', ['held_counts.n']) }));
  const counts = async () => Object.fromEntries(((await db()('held_counts').orderBy('name')) as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
  const notes = async () => ((await db()('held_notes').orderBy('note')) as { note: string }[]).map((r) => r.note);

  it('made once the transaction commits, on PostgreSQL as one statement between the last read and the commit', async () => {
    await db().transaction(async (trx) => {
      const held = holdWrites(trx);
      await bump(trx, 'a');
      await writeInTransaction(trx, trx('held_notes').insert([{ note: 'one' }, { note: 'two' }]));
      await trx('held_counts').select('name');
      await held.flush();
    });
    expect(await counts()).toEqual({ a: 1 });
    expect(await notes()).toEqual(['one', 'two']);
    const inTransaction = sent.slice(sent.findIndex((sql) => /^begin/i.test(sql)) + 1, sent.findIndex((sql) => /^commit/i.test(sql)));
    if (engine === 'postgres') {
      expect(inTransaction).toHaveLength(2);
      expect(inTransaction[0]).toMatch(/^select/);
      expect(inTransaction[1]).toMatch(/^with held_0 as \(insert into "held_counts".*\), held_1 as \(insert into "held_notes"/);
    } else {
      expect(inTransaction).toHaveLength(3);
    }
  });

  it('a row changed twice is changed twice (the second change goes in a statement of its own)', async () => {
    await db().transaction(async (trx) => {
      const held = holdWrites(trx);
      await bump(trx, 'a');
      await bump(trx, 'a');
      await bump(trx, 'b');
      await held.flush();
    });
    expect(await counts()).toEqual({ a: 2, b: 1 });
  });

  it('none made when the transaction rolls back', async () => {
    await expect(
      db().transaction(async (trx) => {
        const held = holdWrites(trx);
        await bump(trx, 'a');
        await held.flush();
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await counts()).toEqual({});
  });

  it('a failing held write fails its transaction at the flush', async () => {
    await expect(
      db().transaction(async (trx) => {
        const held = holdWrites(trx);
        await writeInTransaction(trx, trx('held_notes').insert({ note: 'kept only with the rest' }));
        await writeInTransaction(trx, trx('held_counts').insert({ name: 'no count' } as never));
        await held.flush();
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual([]);
  });

  it('after the flush, and in a transaction that holds nothing, a write is made at once', async () => {
    await db().transaction(async (trx) => {
      const held = holdWrites(trx);
      await held.flush();
      await bump(trx, 'after');
      expect(await trx('held_counts').pluck('name')).toEqual(['after']);
    });
    await db().transaction(async (trx) => {
      await bump(trx, 'plain');
      expect(await trx('held_counts').pluck('name')).toEqual(['after', 'plain']);
    });
  });

  it('a signal sent with held writes is heard once the transaction commits', async () => {
    const heard: string[] = [];
    const listening = await listen(db(), 'held', (payload) => heard.push(payload), () => {}, (err) => { throw err; });
    try {
      await db().transaction(async (trx) => {
        const held = holdWrites(trx);
        await bump(trx, 'a');
        await notify(trx, 'held', 'counted');
        await held.flush();
        expect(heard).toEqual([]);
      });
      await expect.poll(() => heard).toEqual(['counted']);
    } finally {
      await listening.close();
    }
  });
});
