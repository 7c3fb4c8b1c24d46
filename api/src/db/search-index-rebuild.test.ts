// Migration 068 on a database that migration 030's search index already kept erased people in (SQLite only: the
// PostgreSQL index lives on the table and is vacuumed with it). Under 030, a deleted lead's trigrams stayed in the
// FTS5 table's pages; 068 builds the index again from the rows, so what earlier erasures left goes too.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-app';
import { migrationSource } from './migrations';
import { migrateLatest } from './migrate';
import type { Db } from './knex';

// Each three-character sequence holds a letter no other row has: any one found in the file is a trace of them.
const ERASED = { first_name: 'Žofíå', last_name: 'Qüíxølđ', email: 'žøfíå.qüíxølđ@jøvkårþ.ëxämþlë', company: 'Jøvkårþ Vëxíllüm' };
const trigrams = [...new Set(Object.values(ERASED).flatMap((v) => [...v].map((_, i, chars) => chars.slice(i, i + 3).join('')).filter((t) => [...t].length === 3)))];

describe('migration 068 on sqlite', () => {
  let testDb: TestDb;
  const fileBytes = () => {
    const file = testDb.sqliteFile!;
    return Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
  };
  const tracesIn = (bytes: Buffer) => trigrams.filter((t) => bytes.includes(Buffer.from(t)));

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    await migrateDownTo(testDb.db, '068_lead_search_secure_delete');
    const now = new Date().toISOString();
    const row = (fields: Record<string, string>) => ({ lead_source: 'DirectMailers Website', source: 'Main Website', status: 'new', created_at: now, updated_at: now, ...fields });
    await testDb.db.batchInsert('leads', Array.from({ length: 2000 }, (_, i) => row({ first_name: `Other${i}`, last_name: 'Person', email: `other${i}@example.com`, company: 'Plain Co' })), 250);
    const [{ id }] = await testDb.db('leads').insert(row(ERASED)).returning('id');
    await testDb.db('leads').insert(row({ first_name: 'After', last_name: 'Them', email: 'after@example.com', company: 'Plain Co' }));
    await testDb.db('leads').where({ id }).delete();
    await testDb.db.raw('pragma wal_checkpoint(truncate)');
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('before it - the deleted lead\'s trigrams are still in the file (030\'s index only marked the row deleted)', () => {
    expect(tracesIn(fileBytes()).length).toBeGreaterThan(10);
  });

  it('after it - not one of them is left, and the other leads are found by the new index', async () => {
    await migrateLatest(testDb.db);
    await testDb.db.raw('pragma wal_checkpoint(truncate)');
    expect(tracesIn(fileBytes())).toEqual([]);
    expect(await testDb.db.raw(`select rowid from leads_search where leads_search match '"other1999"'`)).toHaveLength(1);
    expect(await testDb.db.raw(`select rowid from leads_search where leads_search match '"after@example"'`)).toHaveLength(1);
  });
});

/** Rolls back the newest migrations until `name` (and everything after it) is undone. */
async function migrateDownTo(db: Db, name: string): Promise<void> {
  for (;;) {
    const [done] = (await db.migrate.list({ migrationSource })) as [{ name: string }[] | string[], unknown];
    if (!done.some((m) => (typeof m === 'string' ? m : m.name) === name)) return;
    await db.migrate.down({ migrationSource });
  }
}
