// SQLite's statements carry their LIMIT as text (sqlite-literal-limit.ts): `.first()` and `.limit(n)` on the process's
// Knex and on the Knex of SQLite's thread, with the rows they always read; an offset stays bound.
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-app';
import { knexOn } from './sqlite-thread-jobs';

const NOTES = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, body: `note ${i + 1}` }));

async function notesTable(db: Knex): Promise<void> {
  await db.schema.createTable('limit_notes', (t) => {
    t.integer('id').primary();
    t.text('body').notNullable();
  });
  await db('limit_notes').insert(NOTES);
}

function limitsOf(db: () => Knex) {
  const notes = () => db()('limit_notes').orderBy('id');

  it('first(): `limit 1` in the text, only the where clause bound', async () => {
    const query = notes().where('id', '>', 2).first('id');
    const native = query.toSQL().toNative();
    expect(native.sql).toMatch(/ limit 1$/);
    expect(native.bindings).toEqual([2]);
    expect(await query).toEqual({ id: 3 });
  });

  it('limit(n) with an offset: the limit in the text, the offset bound; the same rows as ever', async () => {
    const query = notes().select('id').limit(2).offset(3);
    const native = query.toSQL().toNative();
    expect(native.sql).toMatch(/ limit 2 offset \?$/);
    expect(native.bindings).toEqual([3]);
    expect(await query).toEqual([{ id: 4 }, { id: 5 }]);
  });

  it('an offset alone reads the rest (limit -1); limit 0 reads nothing', async () => {
    const rest = notes().select('id').offset(4);
    expect(rest.toSQL().toNative().sql).toMatch(/ limit -1 offset \?$/);
    expect(await rest).toEqual([{ id: 5 }, { id: 6 }]);
    const none = notes().select('id').limit(0);
    expect(none.toSQL().toNative().sql).toMatch(/ limit 0$/);
    expect(await none).toEqual([]);
  });

  it('no limit, no clause', async () => {
    const all = notes().select('id');
    expect(all.toSQL().toNative().sql).not.toMatch(/ limit /);
    expect(await all).toHaveLength(NOTES.length);
  });
}

describe('the process\'s Knex on SQLite', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    await notesTable(testDb.db);
  });
  afterAll(() => testDb?.drop());
  limitsOf(() => testDb.db);
});

describe('the Knex of SQLite\'s thread', () => {
  const connection = new Database(':memory:');
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => statements.get(sql) ?? statements.set(sql, connection.prepare(sql)).get(sql)!;
  const db = knexOn(connection, prepared, { busyTimeoutMs: () => 0, contended: () => {} });
  beforeAll(() => notesTable(db));
  afterAll(async () => {
    await db.destroy();
    connection.close();
  });
  limitsOf(() => db);
});
