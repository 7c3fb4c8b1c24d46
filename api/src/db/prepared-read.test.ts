// Prepared reads (db/prepared-read.ts): the rows Knex reads, on both engines; on PostgreSQL one prepared statement
// per text on a connection, still answering after another connection adds a column; `select *` refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { ENGINES, createTestDb, type TestDb } from '../testing/test-app';
import type { Db } from './knex';
import { preparedRead } from './prepared-read';

const notesAbove = (db: Db, least: number) => db('prepared_notes').where('n', '>', least).select('id', 'n').orderBy('id');

describe.each(ENGINES)('prepared reads (%s)', (engine) => {
  let testDb: TestDb;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    await db().schema.createTable('prepared_notes', (t) => {
      t.string('id').primary();
      t.integer('n').notNullable();
    });
    await db()('prepared_notes').insert([
      { id: 'a', n: 3 },
      { id: 'b', n: 7 },
    ]);
  });
  afterAll(() => testDb?.drop());

  it('the rows Knex reads, for each value bound, in a transaction too', async () => {
    expect(await preparedRead(db(), notesAbove(db(), 0))).toEqual([
      { id: 'a', n: 3 },
      { id: 'b', n: 7 },
    ]);
    expect(await preparedRead(db(), notesAbove(db(), 5))).toEqual([{ id: 'b', n: 7 }]);
    await db().transaction(async (trx) => {
      await trx('prepared_notes').insert({ id: 'c', n: 9 });
      expect(await preparedRead(trx, notesAbove(trx, 8))).toEqual([{ id: 'c', n: 9 }]);
      throw new Error('roll back');
    }).catch(() => {});
    expect(await preparedRead(db(), notesAbove(db(), 8))).toEqual([]);
  });

  it('a read that selects `*` is refused on PostgreSQL: its columns could change under a prepared statement', () => {
    const everything = () => preparedRead(db(), db()('prepared_notes').where('n', '>', 0));
    if (engine === 'postgres') expect(everything).toThrow('a prepared read must name its columns, not select *');
    else expect(everything).not.toThrow();
  });

  it.runIf(engine === 'postgres')('on PostgreSQL: prepared once on its connection, and still read after another connection adds a column', async () => {
    // One connection, so the prepared statements it lists are the reads'.
    const one = knexFactory({ ...(db().client.config as Knex.Config), pool: { min: 1, max: 1 } });
    try {
      expect(await preparedRead(one, notesAbove(one, 5))).toEqual([{ id: 'b', n: 7 }]);
      expect(await preparedRead(one, notesAbove(one, 0))).toHaveLength(2);
      const prepared = (await one.raw('select statement from pg_prepared_statements')) as { rows: { statement: string }[] };
      expect(prepared.rows.filter((r) => r.statement.includes('prepared_notes'))).toHaveLength(1);
      await db().schema.alterTable('prepared_notes', (t) => t.text('added_later'));
      expect(await preparedRead(one, notesAbove(one, 5))).toEqual([{ id: 'b', n: 7 }]);
    } finally {
      await one.destroy();
    }
  });
});
