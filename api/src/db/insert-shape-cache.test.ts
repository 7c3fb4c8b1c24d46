// The kept text of an insert is exactly what Knex would have compiled, with exactly its bindings: each shape below is
// compiled by Knex's own SQLite compiler and by the caching one, first (the text made and kept) and again with other
// values (the text taken from the cache), and the two must agree every time. Then the same inserts run on a real
// SQLite file through the thread's own Knex, and read back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import knex, { type Knex } from 'knex';
import Client_SQLite3 from 'knex/lib/dialects/sqlite3/index.js';
import { describe, expect, it } from 'vitest';
import { InsertShapeCachingCompiler, keptShapes } from './insert-shape-cache';
import { knexOn } from './sqlite-thread-jobs';

class CachingClient extends Client_SQLite3 {
  override queryCompiler(builder: unknown, formatter: unknown): unknown {
    return new InsertShapeCachingCompiler(this, builder, formatter);
  }
}

const stock = knex({ client: 'sqlite3', useNullAsDefault: true });
const caching = knex({ client: CachingClient, useNullAsDefault: true } as unknown as Knex.Config);
const kept = () => keptShapes(caching.client as { config: object });

type Built = { toSQL(): Knex.Sql };

/** sql, bindings and returning of the same insert built on each Knex. */
function compiled(build: (db: Knex) => Built) {
  const pick = ({ sql, bindings, returning }: Knex.Sql & { returning?: unknown }) => ({ sql, bindings, returning });
  return { stock: pick(build(stock).toSQL()), caching: pick(build(caching).toSQL()) };
}

const at = new Date('2026-12-02T08:00:00.000Z');
const rows = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => ({ name: `${seed}-${i}`, count: i, flag: i % 2 === 0, at, blob: Buffer.from([i]), note: i % 3 === 0 ? null : `note ${i}` }));

const shapes: [string, (values: string) => (db: Knex) => Built][] = [
  ['a multi-row insert', (v) => (db) => db('things').insert(rows(5, v))],
  ['a single row', (v) => (db) => db('things').insert(rows(1, v)[0]!)],
  ['a single row with an unset value', (v) => (db) => db('things').insert({ name: v, note: undefined })],
  ['rows with unset values', (v) => (db) => db('things').insert([{ name: v, note: undefined }, { name: `${v}2`, note: 'x' }])],
  ['rows with different columns', (v) => (db) => db('things').insert([{ name: v }, { name: `${v}2`, count: 3 }, { count: 4, flag: true }])],
  ['returning', (v) => (db) => db('things').insert(rows(3, v)).returning(['id', 'name'])],
  ['returning one column', (v) => (db) => db('things').insert(rows(3, v)).returning('id')],
  ['on conflict do nothing', (v) => (db) => db('things').insert(rows(4, v)).onConflict(['name']).ignore().returning(['name'])],
  ['a single row, on conflict do nothing', (v) => (db) => db('things').insert(rows(1, v)).onConflict('name').ignore()],
  ['on conflict merge of named columns', (v) => (db) => db('things').insert(rows(4, v)).onConflict(['name']).merge(['count', 'note'])],
  ['on conflict merge of every column', (v) => (db) => db('things').insert(rows(2, v)).onConflict(['name']).merge()],
  ['a single row merged', (v) => (db) => db('things').insert(rows(1, v)).onConflict(['name']).merge(['count'])],
];

// Kept as Knex compiles them, never from the cache: each has a part that is not plain.
const unkept: [string, (values: string) => (db: Knex) => Built][] = [
  ['a raw value', (v) => (db) => db('things').insert([{ name: v, count: db.raw('? + 1', [2]) }, { name: `${v}2`, count: 1 }])],
  ['a merge of expressions', (v) => (db) => db('things').insert(rows(2, v)).onConflict(['name']).merge({ count: db.raw('?? + ??', ['things.count', 'excluded.count']) })],
  ['a merge with a where', (v) => (db) => db('things').insert(rows(1, v)).onConflict(['name']).merge(['count']).where('things.count', '<', v.length)],
  ['a with', (v) => (db) => db.with('w', db.raw('select ? as x', [v])).insert(rows(2, v)).into('things')],
  ['an object value', (v) => (db) => db('things').insert({ name: v, data: { a: v } })],
];

describe('inserts compiled once per shape', () => {
  it.each(shapes)('%s: the kept text and its bindings are what Knex compiles', (_, shape) => {
    const before = kept();
    const first = compiled(shape('first'));
    expect(first.caching).toEqual(first.stock);
    expect(kept()).toBe(before + 1);
    // Again with other values: the text from the cache, the new values bound.
    const again = compiled(shape('second, longer'));
    expect(again.caching).toEqual(again.stock);
    expect(kept()).toBe(before + 1);
    expect(again.caching.bindings).not.toEqual(first.caching.bindings);
  });

  it.each(unkept)('%s: compiled by Knex as ever', (_, shape) => {
    const before = kept();
    for (const values of ['first', 'second']) {
      const built = compiled(shape(values));
      expect(built.caching).toEqual(built.stock);
    }
    expect(kept()).toBe(before);
  });

  it('keeps a text per number of rows, not one for all', () => {
    const before = kept();
    for (const n of [12, 13, 12, 17, 13]) {
      const built = compiled((db) => db('things').insert(rows(n, `n${n}`)));
      expect(built.caching).toEqual(built.stock);
      expect(built.caching.bindings).toHaveLength(n * 6);
    }
    expect(kept()).toBe(before + 3);
  });

  it('keeps a text per conflict clause: statements alike but for it never share one', () => {
    const clauses: ((q: Knex.QueryBuilder) => Built)[] = [
      (q) => q.onConflict(['name']).ignore(),
      (q) => q.onConflict(['name']).merge(),
      (q) => q.onConflict(['name']).merge(['count']),
      (q) => q.onConflict(['name']).merge(['note']),
      (q) => q.onConflict(['note']).ignore(),
      (q) => q.onConflict(['name']).ignore().returning('id'),
    ];
    for (const round of ['first', 'second']) {
      for (const clause of clauses) {
        const built = compiled((db) => clause(db('clauses').insert(rows(3, round))));
        expect(built.caching).toEqual(built.stock);
      }
    }
  });

  it("on the thread's own Knex, in transaction after transaction, each shape is compiled once and its rows are stored", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insert-shapes-'));
    const connection = new BetterSqlite3(path.join(dir, 'db.sqlite'));
    const db = knexOn(connection, (sql) => connection.prepare(sql), { busyTimeoutMs: () => 0, contended: () => {} });
    try {
      await db.raw('create table things (id integer primary key, name text unique, count integer, note text)');
      // Each transaction has a client of its own: the shapes are kept for the Knex, not for one transaction.
      for (let round = 0; round < 3; round++) {
        await db.transaction(async (trx) => {
          const batch = [1, 2, 3].map((i) => ({ name: `r${round}-${i}`, count: round * 10 + i, note: i === 2 ? null : `n${i}` }));
          const ids = await trx('things').insert(batch).returning('id');
          expect(ids).toHaveLength(3);
          await trx('things').insert({ name: `r${round}-1`, count: -1 }).onConflict(['name']).merge(['count']);
        });
      }
      expect(keptShapes(db.client as { config: object })).toBe(2);
      const stored = await db('things').orderBy('id').select('name', 'count', 'note');
      expect(stored).toEqual([0, 1, 2].flatMap((round) => [
        { name: `r${round}-1`, count: -1, note: 'n1' },
        { name: `r${round}-2`, count: round * 10 + 2, note: null },
        { name: `r${round}-3`, count: round * 10 + 3, note: 'n3' },
      ]));
    } finally {
      await db.destroy();
      connection.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
