// The admin search through its trigram indexes (FTS5 on SQLite, pg_trgm on PostgreSQL) finds exactly what a
// plain scan with the search's LIKE finds, page by page, for short, unicode, e-mail, wildcard and quoted terms;
// and the index follows the lead's own transaction (insert, rollback, edit, delete) and covers leads stored
// before the index existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import { migrationSource } from '../../db/migrations';
import { migrateLatest } from '../../db/migrate';
import type { Db } from '../../db/knex';
import type { LeadData } from '../../contract';
import { createLead } from './leads-service';
import { whereContains } from './lead-search';

const people: Partial<LeadData>[] = [
  { firstName: 'Mary', lastName: "O'Brien", email: 'MARY@Example.com', company: '100% Pure_Ink' },
  { firstName: 'Zoë', lastName: 'Ünal', email: 'zoe@example.com', company: 'Café "Noir"' },
  { firstName: 'ZOË', lastName: 'SMITH', email: 'z.smith@gmail.com', company: 'Smith & Co' },
  { firstName: 'John', lastName: 'Smith', email: 'john@smith-co.com' },
  { firstName: 'Jöhn', lastName: 'Doe', email: 'jd@example.org', company: '東京都 Trading' },
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Back\\Slash Ltd' },
  { firstName: 'Émile', lastName: 'Zola', email: 'emile@gmail.com', company: 'Straße GmbH' },
  { firstName: 'İpek', lastName: 'Yılmaz', email: 'ipek@istanbul.tr', company: 'İstanbul 😀 Co' },
  { firstName: 'Bob_Under', lastName: 'Score', email: 'under_score@example.com', company: '50%off' },
  { firstName: 'Amy', lastName: 'Ma', email: 'ma@ma.ma', company: 'MA' },
  ...Array.from({ length: 24 }, (_, i) => ({ firstName: `Person${i}`, lastName: i % 2 ? 'Smith' : 'Jones', email: `p${i}@${i % 3 ? 'gmail.com' : 'example.com'}`, ...(i % 4 ? { company: `Firm ${i}` } : {}) })),
];

const TERMS = [
  'a', 'M', 'ë', '%', '_', '\\', '"', "'", '@', 'ma', 'zo', 'Ü', '😀', '京',
  'mar', 'MARY', "o'brien", 'mary o', 'ary o', 'zoë', 'ZOË', 'zoë ünal', 'jöhn', 'JOHN', 'émile', 'straße', 'STRASSE', 'istanbul', 'i̇stanbul', '東京都',
  '@example.com', '@gmail.com', 'gmail', 'example.org', '.com', 'smith-co', 'smith & co',
  '100%', 'pure_ink', '%_', '50%', 'back\\slash', 'café "noir"', '"noir"', 'under_score', 'person1', 'firm 1', 'no-such-lead', '%%%', '___',
];

describe.each(ENGINES)('lead search index on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let cookie: string;

  /** Every id the admin list returns for q, following its Link header page by page. */
  async function searchIds(q: string, limit: number): Promise<number[]> {
    const ids: number[] = [];
    let next: string | null = `/api/admin/leads?limit=${limit}&q=${encodeURIComponent(q)}`;
    while (next) {
      const res = await api(app.baseUrl, 'GET', next, undefined, { Cookie: cookie });
      expect(res.status).toBe(200);
      ids.push(...res.json.map((l: { id: number }) => l.id));
      const link = res.headers.get('link');
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    return ids;
  }

  /** The meaning of a match without any index: every lead read and checked with the search's LIKE. */
  async function scanIds(db: Db, q: string): Promise<number[]> {
    const query = db('leads').select('leads.id').orderBy([{ column: 'leads.created_at', order: 'desc' }, { column: 'leads.id', order: 'desc' }]);
    whereContains(query, q);
    return (await query).map((r: { id: number }) => Number(r.id));
  }

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    // The first half is stored before the index exists, so the migration's backfill must cover it.
    await migrateDownTo(testDb.db, '030_lead_search_index');
    const base = Date.UTC(2026, 1, 1, 9, 0, 0);
    for (const [i, p] of people.entries()) {
      if (i === people.length / 2) await migrateLatest(testDb.db);
      // Every third lead shares its timestamp with the one before, so order also rests on the id.
      await createLead(testDb.db, { source: 'Main Website', firstName: '', lastName: '', email: '', ...p } as LeadData, new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000).toISOString());
    }
    app = await startTestApp(testDb.db);
    cookie = (await signInAs(app)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('the migration indexes leads stored before it', async () => {
    expect(await searchIds('lovelace', 50)).toEqual(await scanIds(testDb.db, 'lovelace'));
    expect(await searchIds('lovelace', 50)).toHaveLength(1);
  });

  it.each(TERMS)('q=%s - the same leads in the same order as a plain scan, in one page and in pages of 2', async (q) => {
    const expected = await scanIds(testDb.db, q);
    expect(await searchIds(q, 500)).toEqual(expected);
    expect(await searchIds(q, 2)).toEqual(expected);
  });

  it('the terms include matches and misses of every kind', async () => {
    const counts = await Promise.all(TERMS.map(async (q) => (await scanIds(testDb.db, q)).length));
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(2);
    expect(counts.filter((n) => n > 2).length).toBeGreaterThan(10);
  });

  it('a lead is found by its new name after an edit and no longer by its old one; a rolled-back insert and a deleted lead are not found', async () => {
    const lead = await createLead(testDb.db, { source: 'Main Website', firstName: 'Quentin', lastName: 'Blake', email: 'qb@example.net' } as LeadData, new Date().toISOString());
    expect(await searchIds('quentin', 50)).toEqual([lead.id]);
    await testDb.db('leads').where({ id: lead.id }).update({ first_name: 'Roald', company: 'Chocolate Works' });
    expect(await searchIds('quentin', 50)).toEqual([]);
    expect(await searchIds('roald blake', 50)).toEqual([lead.id]);
    expect(await searchIds('chocolate', 50)).toEqual([lead.id]);
    // A status change leaves the index alone and the lead still found.
    await testDb.db('leads').where({ id: lead.id }).update({ status: 'synced' });
    expect(await searchIds('chocolate', 50)).toEqual([lead.id]);

    await testDb.db.transaction(async (trx) => {
      await createLead(trx, { source: 'Main Website', firstName: 'Phantom', lastName: 'Lead', email: 'ghost@example.net' } as LeadData, new Date().toISOString());
      await trx.rollback();
    }).catch(() => undefined);
    expect(await searchIds('phantom', 50)).toEqual([]);

    await testDb.db('crm_sync_jobs').where({ kind: 'lead', record_id: lead.id }).delete();
    await testDb.db('leads').where({ id: lead.id }).delete();
    expect(await searchIds('roald', 50)).toEqual([]);
    expect(await searchIds('chocolate', 50)).toEqual([]);
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
