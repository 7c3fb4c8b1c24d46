// The admin search through its indexes (trigrams: FTS5 on SQLite, pg_trgm on PostgreSQL; prefixes: B-trees on
// both) finds exactly what a plain scan finds, page by page, for short, unicode, e-mail, wildcard and quoted
// terms: for 3 characters or more a scan with the search's LIKE, for 1 or 2 a scan with a LIKE of the term at
// the start of each column, written independently of the index's ranges. The indexes follow the lead's own
// transaction (insert, rollback, edit, delete) and cover leads stored before they existed.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import { migrationSource } from '../../db/migrations';
import { migrateLatest } from '../../db/migrate';
import type { Db } from '../../db/knex';
import type { LeadData } from '../../contract';
import { createLead } from '../../testing/leads';
import { isShortTerm, RECENT_WINDOW, whereContains } from './lead-search';

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
  { firstName: '_Ivy', lastName: 'Percent', email: '%ivy@example.net', company: '%Off Deals' },
  { firstName: 'Li', lastName: 'Zhu', email: 'li@zhu.cn' },
  ...Array.from({ length: 24 }, (_, i) => ({ firstName: `Person${i}`, lastName: i % 2 ? 'Smith' : 'Jones', email: `p${i}@${i % 3 ? 'gmail.com' : 'example.com'}`, ...(i % 4 ? { company: `Firm ${i}` } : {}) })),
];

const TERMS = [
  'a', 'M', 'ë', '%', '_', '\\', '"', "'", '@', 'ma', 'zo', 'Ü', '😀', '京', 'İ', 'é', 'sm', 'ga', 'z.', '%o', '_i', '1', 'qz', 'q', 'p', 'fi', 'jo', 'Pe',
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

  /** The meaning of a match without any index: every lead read and checked with a LIKE. */
  async function scanIds(db: Db, q: string): Promise<number[]> {
    const query = db('leads').select('leads.id').orderBy([{ column: 'leads.created_at', order: 'desc' }, { column: 'leads.id', order: 'desc' }]);
    if (isShortTerm(q)) {
      const startsWith = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((w) => {
        for (const column of ['first_name', 'last_name', 'email', 'company']) w.orWhereRaw(`lower(leads.${column}) like ? escape '\\'`, [startsWith]);
      });
    } else whereContains(query, q);
    return (await query).map((r: { id: number }) => Number(r.id));
  }

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    // The first half is stored before the index exists, so the migration's backfill must cover it: as rows of
    // the table as it was then (today's insert writes columns that did not exist yet).
    await migrateDownTo(testDb.db, '030_lead_search_index');
    const base = Date.UTC(2026, 1, 1, 9, 0, 0);
    for (const [i, p] of people.entries()) {
      if (i === people.length / 2) await migrateLatest(testDb.db);
      // Every third lead shares its timestamp with the one before, so order also rests on the id.
      const at = new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000).toISOString();
      if (i < people.length / 2) {
        await testDb.db('leads').insert({
          first_name: p.firstName, last_name: p.lastName, email: p.email, company: p.company ?? null,
          lead_source: 'DirectMailers Website', source: 'Main Website', status: 'new', created_at: at, updated_at: at,
        });
      } else await createLead(testDb.db, { source: 'Main Website', firstName: '', lastName: '', email: '', ...p } as LeadData, at);
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

  it.each([
    ['1 or 2 characters', true],
    ['3 characters or more', false],
  ])('the terms of %s include matches and misses', async (_, short) => {
    const terms = TERMS.filter((q) => isShortTerm(q) === short);
    const counts = await Promise.all(terms.map(async (q) => (await scanIds(testDb.db, q)).length));
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(2);
    expect(counts.filter((n) => n > 2).length).toBeGreaterThan(3);
  });

  it('% and _ alone - only the lead whose name, e-mail or company starts with that very character', async () => {
    const ivy = await scanIds(testDb.db, 'percent');
    expect(ivy).toHaveLength(1);
    expect(await searchIds('%', 50)).toEqual(ivy);
    expect(await searchIds('_', 50)).toEqual(ivy);
    expect(await searchIds('%o', 50)).toEqual(ivy);
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
    // SQLite: the index itself no longer proposes the lead for its old name nor its last one (migration 068's
    // triggers name each row's old values to FTS5, which takes exactly those entries out).
    if (engine === 'sqlite') {
      for (const term of ['quentin', 'roald', 'chocolate', 'qb@example.net']) {
        expect(await testDb.db.raw('select rowid from leads_search where leads_search match ?', [`"${term}"`]), term).toEqual([]);
      }
    }
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

// A short term whose matches are all older than the newest RECENT_WINDOW leads: the page comes from the prefix
// indexes alone, each column's newest matches merged, with the page's filter and its place (`before=`) applied
// inside each index's share.
describe.each(ENGINES)('a short term matching only old leads on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let cookie: string;
  const OLD = 60;

  async function pageByPage(query: string, limit: number): Promise<number[]> {
    const ids: number[] = [];
    let next: string | null = `/api/admin/leads?limit=${limit}&${query}`;
    while (next) {
      const res = await api(app.baseUrl, 'GET', next, undefined, { Cookie: cookie });
      expect(res.status).toBe(200);
      ids.push(...res.json.map((l: { id: number }) => l.id));
      const link = res.headers.get('link');
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    return ids;
  }

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const base = Date.UTC(2025, 0, 1);
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const row = (i: number, fields: Record<string, unknown>) => ({ lead_source: 'DirectMailers Website', source: 'Main Website', status: 'new', created_at: at(i), updated_at: at(i), ...fields });
    // Old leads that start with "ze" in one column or another, some in pairs sharing a timestamp, some synced,
    // and three in quarantine; then more than RECENT_WINDOW newer leads that do not.
    const old = Array.from({ length: OLD + 3 }, (_, i) => {
      const column = i % 3;
      return row(i - (i % 4 === 3 ? 1 : 0), {
        first_name: column === 0 ? `Zed${i}` : `Ann${i}`,
        last_name: column === 1 ? `Zeller${i}` : `Old${i}`,
        email: column === 2 ? `ze${i}@old.test` : `ann${i}@old.test`,
        email_normalised: column === 2 ? `ze${i}@old.test` : `ann${i}@old.test`,
        company: i % 2 ? 'Zeta Corp' : null,
        status: i % 5 === 0 ? 'synced' : 'new',
        spam_reason: i >= OLD ? 'honeypot' : null,
      });
    });
    const recent = Array.from({ length: RECENT_WINDOW + 100 }, (_, i) => row(OLD + 10 + i, { first_name: 'Bo', last_name: `Recent${i}`, email: `bo${i}@recent.test`, email_normalised: `bo${i}@recent.test` }));
    await testDb.db.batchInsert('leads', [...old, ...recent], 250);
    app = await startTestApp(testDb.db);
    cookie = (await signInAs(app)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  /** Every id a plain scan finds for "ze" at the start of a column, newest first, with `where` on the leads. */
  async function scan(where: (q: Knex.QueryBuilder) => void): Promise<number[]> {
    const query = testDb.db('leads').select('id').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    query.where((w) => {
      for (const column of ['first_name', 'last_name', 'email', 'company']) w.orWhereRaw(`lower(${column}) like 'ze%'`);
    });
    where(query);
    return (await query).map((r: { id: number }) => Number(r.id));
  }

  it('ze - every match newest first, the same in pages of 7 as in one page', async () => {
    const expected = await scan((q) => q.whereNull('spam_reason'));
    expect(expected).toHaveLength(OLD);
    expect(await pageByPage('q=ze', 500)).toEqual(expected);
    expect(await pageByPage('q=ze', 7)).toEqual(expected);
  });

  it('ze with a status filter, and in the suspected spam - only those, in pages of 3', async () => {
    const synced = await scan((q) => q.whereNull('spam_reason').where('status', 'synced'));
    expect(synced.length).toBeGreaterThan(5);
    expect(await pageByPage('q=ze&status=synced', 3)).toEqual(synced);
    const spam = await scan((q) => q.whereNotNull('spam_reason'));
    expect(spam).toHaveLength(3);
    expect(await pageByPage('q=ze&spam=1', 2)).toEqual(spam);
  });

  // PostgreSQL's pg_trgm cannot look such terms up (no run of three letters or digits); the index of every
  // three-character sequence must find the old leads all the same, and only them.
  it.each(['a c', 'ta c', 'a%c', '%%%'])('q=%s (no run of three letters or digits) - the same old leads as a plain scan, in pages of 7', async (q) => {
    const query = testDb.db('leads').select('leads.id').whereNull('leads.spam_reason').orderBy([{ column: 'leads.created_at', order: 'desc' }, { column: 'leads.id', order: 'desc' }]);
    whereContains(query, q);
    const expected = (await query).map((r: { id: number }) => Number(r.id));
    if (q === 'a c' || q === 'ta c') expect(expected).toHaveLength(OLD / 2);
    expect(await pageByPage(`q=${encodeURIComponent(q)}`, 7)).toEqual(expected);
  });
});
