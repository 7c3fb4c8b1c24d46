// Reads at once (db/read-at-once.ts): the row Knex reads, with every change committed before it; on SQLite's file
// from the event loop's own connection, with no statement through Knex; a read SQLite cannot do there through the
// reader, whose answer (or error) is the caller's.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { ENGINES, createTestDb, type TestDb } from '../testing/test-app';
import knexFactory, { type Knex } from 'knex';
import { readerOf, type Db } from './knex';
import { firstRowAtOnce } from './read-at-once';

const noteAbove = (db: Db, id: string, least: number) => db('point_notes').where('id', id).andWhere('n', '>', least).first('id', 'body', 'n');

describe.each(ENGINES)('reads at once (%s)', (engine) => {
  let testDb: TestDb;
  const db = () => testDb.db;
  let sent: string[];
  const record = (query: { sql: string }) => sent.push(query.sql);

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    await db().schema.createTable('point_notes', (t) => {
      t.string('id').primary();
      t.text('body');
      t.integer('n').notNullable();
    });
    await db()('point_notes').insert([
      { id: 'a', body: 'first', n: 3 },
      { id: 'b', body: null, n: 7 },
    ]);
  });
  afterAll(() => testDb?.drop());

  beforeEach(() => {
    sent = [];
    for (const one of new Set([db(), readerOf(db())])) one.on('query', record);
  });
  afterEach(() => {
    for (const one of new Set([db(), readerOf(db())])) one.off('query', record);
  });

  it('the row Knex reads, or undefined when none; on SQLite with no statement through Knex', async () => {
    const rows = [await firstRowAtOnce(db(), noteAbove, 'a', 0), await firstRowAtOnce(db(), noteAbove, 'b', 0), await firstRowAtOnce(db(), noteAbove, 'a', 3)];
    const throughKnex = sent.length;
    expect(rows).toEqual([await noteAbove(db(), 'a', 0), await noteAbove(db(), 'b', 0), undefined]);
    expect(rows[0]).toEqual({ id: 'a', body: 'first', n: 3 });
    expect(rows[1]).toEqual({ id: 'b', body: null, n: 7 });
    expect(throughKnex).toBe(engine === 'sqlite' ? 0 : 3);
  });

  it('sees every change committed before it', async () => {
    await db()('point_notes').insert({ id: 'c', body: 'new', n: 1 });
    expect(await firstRowAtOnce(db(), noteAbove, 'c', 0)).toEqual({ id: 'c', body: 'new', n: 1 });
    await db()('point_notes').where('id', 'c').update({ body: 'changed' });
    expect(await firstRowAtOnce(db(), noteAbove, 'c', 0)).toMatchObject({ body: 'changed' });
    await db()('point_notes').where('id', 'c').delete();
    expect(await firstRowAtOnce(db(), noteAbove, 'c', 0)).toBeUndefined();
  });

  it('a read SQLite cannot do at once goes through the reader, whose answer or error is the caller\'s', async () => {
    await db().schema.createTable('point_gone', (t) => t.string('id').primary());
    const goneRow = (db: Db, id: string) => db('point_gone').where('id', id).first('id');
    expect(await firstRowAtOnce(db(), goneRow, 'x')).toBeUndefined();
    await db().schema.dropTable('point_gone');
    sent = [];
    const viaKnex = await goneRow(db(), 'x').then(() => null, (err: Error) => err.message);
    expect(viaKnex).toMatch(/point_gone/);
    sent = [];
    await expect(firstRowAtOnce(db(), goneRow, 'x')).rejects.toThrow(viaKnex!);
    expect(sent).toHaveLength(1);
  });

  it('a read that selects `*` is refused: its columns could change under a prepared statement', async () => {
    const everything = (db: Db, id: string) => db('point_notes').where('id', id).first();
    await expect(firstRowAtOnce(db(), everything, 'a')).rejects.toThrow('a read at once must name its columns, not select *');
  });

  it.runIf(engine === 'postgres')('on PostgreSQL: prepared once on its connection, and still read after another connection adds a column', async () => {
    // One connection, so the prepared statements it lists are the reads'.
    const one = knexFactory({ ...(db().client.config as Knex.Config), pool: { min: 1, max: 1 } });
    try {
      expect(await firstRowAtOnce(one, noteAbove, 'a', 0)).toEqual({ id: 'a', body: 'first', n: 3 });
      expect(await firstRowAtOnce(one, noteAbove, 'b', 0)).toEqual({ id: 'b', body: null, n: 7 });
      const prepared = (await one.raw('select statement from pg_prepared_statements')) as { rows: { statement: string }[] };
      expect(prepared.rows.filter((r) => r.statement.includes('point_notes'))).toHaveLength(1);
      await db().schema.alterTable('point_notes', (t) => t.text('added_later'));
      expect(await firstRowAtOnce(one, noteAbove, 'a', 0)).toEqual({ id: 'a', body: 'first', n: 3 });
    } finally {
      await one.destroy();
    }
  });
});
