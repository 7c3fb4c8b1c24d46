// Finding, exporting and erasing a person by e-mail: real HTTP, real sessions, the real database (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set). The person has everything the product can hold: a website lead with
// attribution, a lead quarantined as suspected spam, a sample request, a capture at an event with consent, a
// second capture merged into it, and card photos; a bystander at the same event stays untouched. After the
// erasure not even a fragment of the person's name, e-mail or company is left: not in the SQLite file, its
// write-ahead log or a backup taken after, not in any row version or index entry on PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { columnsHolding, textColumns } from '../../db/catalogue';
import { backupSqlite } from '../../db/sqlite-backup';
import { ginPointersFor, ginTrigramIndexes, storedItems, type StoredItem } from '../../db/page-inspection';
import type { Db } from '../../db/knex';
import { leadBody, createLeads, type NewLead } from '../../testing/leads';
import { NOT_ERASED, type ErasureReport, type PersonExport, type PersonRecords, type StaffAuditEntry } from '../../contract';
import { listStaffActions } from '../staff-audit/staff-audit-service';
import { personSubject } from './person-subject';
import { flushDeletedData } from '../../db/dialect';
import { ERASED_TABLES } from './erase-records';

const EVENT = 'Privacy Expo 2026';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(3000)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// Every three-character sequence of the person's name, company and address holds a letter no other record has,
// so none of them can be found anywhere by chance (not even in the binary parts of the file): each one found is
// a trace of the person.
const ERASED = { firstName: 'Žofíå', lastName: 'Qüíxølđ', company: 'Jøvkårþ Vëxíllüm' };
const BYSTANDER = { firstName: 'Bob', lastName: 'Bystander', company: 'Analytical Engines' };
const FILLER_LEADS = 6000;

const sampleBody = (email: string, person: { firstName: string; lastName: string; company: string } = ERASED) => ({
  ...person,
  email,
  phone: '+1 555 0142',
  addressLine1: '42 Forgotten Lane',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  sampleType: 'both',
  notes: 'Ring twice.',
  elapsedMs: 8000,
  attribution: { utmSource: 'newsletter', landingPage: '/print/samples' },
});

describe.each(ENGINES)('a person found, exported and erased on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rep: SignedIn;
  const address = 'žøfíå.qüíxølđ@jøvkårþ.ëxämþlë';
  // Typed differently each time: the product compares addresses in any case (normaliseEmail).
  const shouted = address.toUpperCase();
  const bystander = `bob.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const keys = { lead: crypto.randomUUID(), sample: crypto.randomUUID(), capture: crypto.randomUUID(), merge: crypto.randomUUID() };
  const ids: { websiteLead?: number; spamLead?: number; sample?: number; captured?: number; bystanderLead?: number } = {};

  const post = (path: string, body: unknown, who: SignedIn | null = admin) => api(app.baseUrl, 'POST', path, body, who ? { Cookie: who.cookie } : {});
  const get = (path: string, who: SignedIn = admin) => api(app.baseUrl, 'GET', path, undefined, { Cookie: who.cookie });
  const putPhoto = async (key: string, bytes: Buffer, type: string) => {
    const res = await fetch(`${app.baseUrl}/api/capture/photos/${key}`, { method: 'PUT', headers: { 'Content-Type': type, Cookie: rep.cookie }, body: new Uint8Array(bytes) });
    expect(res.status).toBe(201);
  };
  const capture = async (key: string, body: Record<string, unknown>) => {
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: EVENT, ...ERASED, ...body }, { Cookie: rep.cookie, 'Idempotency-Key': key });
    expect([200, 201]).toContain(res.status);
    return res.json as { id: number };
  };
  const rollupTotal = async () => Number((await testDb.db('lead_rollups').sum({ n: 'count' }).first())?.n ?? 0);
  const countedLeads = async () => Number((await testDb.db('leads').whereNull('spam_reason').count({ n: '*' }).first())?.n ?? 0);

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db);
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
    // Enough other leads that the person's rows sit on under 2% of the table's pages, as in any real database:
    // below that, PostgreSQL's VACUUM leaves the indexes alone unless told to clean them.
    for (let n = 0; n < FILLER_LEADS; n += 500) {
      const nowIso = new Date().toISOString();
      await createLeads(testDb.db, Array.from({ length: 500 }, (_, i) => ({ input: { ...BYSTANDER, firstName: `Filler${n + i}`, email: `filler.${n + i}@example.com`, source: 'Main Website' } as NewLead, nowIso })));
    }

    const lead = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: address, ...ERASED, attribution: { utmSource: 'google', referrer: 'https://search.example/' } }), { 'Idempotency-Key': keys.lead });
    expect(lead.status).toBe(201);
    ids.websiteLead = lead.json.id;
    // Suspected spam (the honeypot filled): stored in quarantine, and still the person's data.
    const spam = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: shouted, ...ERASED, website: 'http://spam.example' }));
    expect(spam.status).toBe(201);
    ids.spamLead = spam.json.id;
    const sample = await api(app.baseUrl, 'POST', '/api/print-samples', sampleBody(address), { 'Idempotency-Key': keys.sample });
    expect(sample.status).toBe(201);
    ids.sample = sample.json.id;
    ids.captured = (await capture(keys.capture, { email: address, rating: 'hot', consent: true, consentTextVersion: '2026-11-23', notes: 'Met at booth 12' })).id;
    await putPhoto(keys.capture, JPEG, 'image/jpeg');
    // The same person again at the same event, typed in capitals: merged into the first capture's lead.
    expect((await capture(keys.merge, { email: shouted, notes: 'Came back' })).id).toBe(ids.captured);
    await putPhoto(keys.merge, PNG, 'image/png');

    const other = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: bystander, ...BYSTANDER }));
    ids.bystanderLead = other.json.id;
    await capture(crypto.randomUUID(), { email: bystander, ...BYSTANDER });
    await api(app.baseUrl, 'POST', '/api/print-samples', sampleBody(bystander, BYSTANDER));
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it.each([
    ['POST', '/api/admin/people/find'],
    ['POST', '/api/admin/people/export'],
    ['POST', '/api/admin/people/erase'],
    ['GET', '/api/admin/people/pipedrive-erasures'],
  ])('%s %s - 401 signed out, 403 for a rep, and nothing erased', async (method, path) => {
    const body = method === 'POST' ? { email: address } : undefined;
    expect(await api(app.baseUrl, method, path, body)).toMatchObject({ status: 401, json: { message: 'Unauthorized' } });
    expect(await api(app.baseUrl, method, path, body, { Cookie: rep.cookie })).toMatchObject({ status: 403, json: { message: 'Forbidden' } });
    expect(await testDb.db('leads').where({ email_normalised: address }).count({ n: '*' }).first()).toMatchObject({ n: 3 });
  });

  it.each([
    [{}, 'email: Email is required'],
    [{ email: 'not-an-address' }, 'email: Please enter a valid email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email: Must be at most 254 characters'],
  ])('find, export and erase with %j - 400 with the field message', async (body, message) => {
    for (const action of ['find', 'export', 'erase']) {
      const res = await post(`/api/admin/people/${action}`, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(message.replace(/^email: /, ''));
    }
  });

  it('find - every record of the address in any case: both leads (spam too), the sample request, both captures with their photos and consent', async () => {
    const res = await post('/api/admin/people/find', { email: ` ${shouted} ` });
    expect(res.status).toBe(200);
    const found = res.json as PersonRecords;
    expect(found.leads.map((l) => l.id).sort()).toEqual([ids.websiteLead, ids.spamLead, ids.captured].sort());
    expect(found.leads.find((l) => l.id === ids.spamLead)!.spamReason).toBe('honeypot');
    const captured = found.leads.find((l) => l.id === ids.captured)!;
    expect(captured).toMatchObject({ eventName: EVENT, consentGiven: true, consentTextVersion: '2026-11-23', capturedBy: 'Rita Rep', hasPhoto: true });
    expect(found.leads.find((l) => l.id === ids.websiteLead)!.attribution).toEqual({ utmSource: 'google', referrer: 'https://search.example/' });
    expect(found.sampleRequests.map((r) => r.id)).toEqual([ids.sample]);
    expect(found.captures.map((c) => [c.captureKey, c.leadId, c.eventName, c.capturedBy, c.photo?.contentType])).toEqual([
      [keys.capture, ids.captured, EVENT, 'Rita Rep', 'image/jpeg'],
      [keys.merge, ids.captured, EVENT, 'Rita Rep', 'image/png'],
    ]);
    expect(found.captures[0]!.photo).toMatchObject({ byteSize: JPEG.length, url: `/api/capture/photos/${keys.capture}` });
    expect(found.pipedrive).toEqual({ persons: 0, deals: 0 });
    expect(found.erasures).toEqual([]);
  });

  it('export - one JSON attachment with every record and each photo as base64 with its SHA-256; the export is on the audit log without the address', async () => {
    const res = await fetch(`${app.baseUrl}/api/admin/people/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
      body: JSON.stringify({ email: address }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="person-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = (await res.json()) as PersonExport;
    expect(file.email).toBe(address);
    expect(file.leads).toHaveLength(3);
    expect(file.sampleRequests[0]).toMatchObject({ addressLine1: '42 Forgotten Lane', notes: 'Ring twice.', attribution: { utmSource: 'newsletter', landingPage: '/print/samples' } });
    const photos = file.captures.map((c) => c.photo!);
    expect(photos.map((p) => Buffer.from(p.base64, 'base64').equals(p.contentType === 'image/jpeg' ? JPEG : PNG))).toEqual([true, true]);
    expect(photos.map((p) => p.sha256)).toEqual([JPEG, PNG].map((b) => crypto.createHash('sha256').update(b).digest('hex')));

    const [line] = await listStaffActions(testDb.db, { actions: ['person.export'], limit: 1 });
    expect(line).toMatchObject({ actorName: 'Ada Admin', subject: personSubject(app.deps.sessionKeys, address), details: { leads: 3, sampleRequests: 1, captures: 2, photos: 2 } });
    expect(JSON.stringify(line)).not.toContain(address);
  });

  it('erase - every record, capture, photo and stored answer gone in one go, the counts and event figures still right, the bystander untouched', async () => {
    const before = { rollups: await rollupTotal(), bystander: await testDb.db('leads').whereRaw('lower(email) = ?', [bystander]).count({ n: '*' }).first() };
    const res = await post('/api/admin/people/erase', { email: shouted });
    expect(res.status).toBe(200);
    const report = res.json as ErasureReport;
    expect(report.removed).toEqual({ leads: 3, sampleRequests: 1, captures: 2, photos: 2, storedAnswers: 4, crmJobs: 3, pipedrivePersons: 0, pipedriveDeals: 0 });
    expect(report.notErased).toEqual([...NOT_ERASED]);

    // The two counted leads (website and capture) left the rollups; the quarantined one was never in them.
    expect(await rollupTotal()).toBe(before.rollups - 2);
    expect(await rollupTotal()).toBe(await countedLeads());
    expect((await get('/api/admin/stats')).json.totalLeads).toBe(await countedLeads());
    expect((await get(`/api/admin/events/${encodeURIComponent(EVENT)}/summary`)).json).toMatchObject({ leadCount: 1, withPhotos: 0, consent: { given: 0, notGiven: 1 } });
    expect(await testDb.db('leads').whereRaw('lower(email) = ?', [bystander]).count({ n: '*' }).first()).toEqual(before.bystander);

    // Nothing of the person anywhere an admin looks.
    const again = (await post('/api/admin/people/find', { email: address })).json as PersonRecords;
    expect([again.leads, again.sampleRequests, again.captures]).toEqual([[], [], []]);
    expect(again.erasures).toEqual([{ at: expect.stringMatching(/Z$/), by: 'Ada Admin' }]);
    for (const path of ['/api/admin/leads?limit=500', '/api/admin/leads?limit=500&spam=1', '/api/admin/print-samples?limit=500', '/api/admin/leads.csv', `/api/admin/events/${encodeURIComponent(EVENT)}/leads.csv`]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.text.toLowerCase(), path).not.toContain(address);
      if (!path.includes('spam=1')) expect(page.text, path).toContain(bystander);
    }
    const photo = await fetch(`${app.baseUrl}/api/capture/photos/${keys.capture}`, { headers: { Cookie: admin.cookie } });
    expect(photo.status).toBe(404);
  });

  it('after the erasure - no column of any table (the database catalogue\'s list) holds the address, in any case', async () => {
    expect(await columnsHolding(testDb.db, address)).toEqual([]);
    // The check itself finds what is there.
    expect(await columnsHolding(testDb.db, bystander)).toEqual(expect.arrayContaining([{ table: 'leads', column: 'email' }, { table: 'sample_requests', column: 'email' }]));
  });

  // Each three-character sequence of the person's name, company and address, as typed and lower-cased (as the
  // search indexes fold them).
  const personTrigrams = () => [...trigramsOf([`${ERASED.firstName} ${ERASED.lastName}`, ERASED.company, address, shouted])];

  it('after the erasure - no column of any table holds even a fragment of their name, company or address, and no one else shares one', async () => {
    // Everything the database still holds, from every column the catalogue lists, but the search index's own
    // tables (read below as bytes): other people, the schema, tokens and hashes.
    const shared = trigramsOf(await storedTexts(testDb.db, engine));
    const theirs = personTrigrams();
    expect(theirs.length).toBeGreaterThan(60);
    expect(theirs.every((t) => /[^\x00-\x7f]/.test(t))).toBe(true);
    expect(theirs.filter((t) => shared.has(t) || shared.has(t.toLowerCase()))).toEqual([]);
    // The check itself finds what is there.
    expect(shared.has('yst')).toBe(true);
  });

  it.runIf(engine === 'sqlite')('after the erasure - no fragment of them in the SQLite file\'s bytes nor its write-ahead log (deleted cells zeroed, the search index really deleting, the log emptied)', async () => {
    const file = testDb.sqliteFile!;
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    expect(fragmentsIn(bytes, personTrigrams())).toEqual([]);
    expect(fragmentsIn(bytes, [bystander])).toEqual([bystander]);
    // The search index (FTS5) no longer proposes any lead for it.
    const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
    expect(await testDb.db.raw('select rowid from leads_search where leads_search match ?', [phrase(address)])).toEqual([]);
    expect(await testDb.db.raw('select rowid from leads_search where leads_search match ?', [phrase(bystander)])).toHaveLength(2);
  });

  it.runIf(engine === 'sqlite')('a backup taken after the erasure - holds no fragment of them either, and the bystander whole', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-erased-backup-'));
    try {
      const copy = path.join(dir, 'after-erasure.sqlite');
      await backupSqlite(testDb.sqliteFile!, copy);
      const bytes = fs.readFileSync(copy);
      expect(fragmentsIn(bytes, personTrigrams())).toEqual([]);
      expect(fragmentsIn(bytes, [bystander])).toEqual([bystander]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(engine === 'postgres')('after the erasure - no row version, live or dead, and no index entry holds a fragment of them (pageinspect), and no trigram index points at a row of theirs', { timeout: 90_000 }, async () => {
    const theirs = personTrigrams();
    // VACUUM removes only versions no open transaction may still see, and that horizon is the whole database's:
    // a transaction of another test file can hold it back for a moment. The product's answer is the next VACUUM
    // (its own or autovacuum's): so here, a few times.
    let found: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const pages = byRelation(await storedItems(testDb.db));
      found = pages.flatMap(({ relation, bytes }) => fragmentsIn(bytes, theirs, { exact: true }).map((t) => `${relation}: ${t}`));
      if (found.length === 0) {
        expect(pages.some(({ bytes }) => fragmentsIn(bytes, [bystander], { exact: true }).length > 0)).toBe(true);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await flushDeletedData(testDb.db, ERASED_TABLES);
    }
    expect(found).toEqual([]);
    // pg_trgm's GIN indexes hold trigrams as numbers, not text: asked instead which rows they propose.
    const indexes = await ginTrigramIndexes(testDb.db);
    expect(indexes.map((i) => i.index)).toEqual(expect.arrayContaining(['leads_search_name', 'leads_search_email', 'leads_search_company']));
    const words = theirs.filter((t) => t === t.toLowerCase() && /^[\p{L}\p{N}]{3}$/u.test(t));
    expect(words.length).toBeGreaterThan(20);
    for (const index of indexes) {
      for (const word of words) expect(await ginPointersFor(testDb.db, index, word), `${index.index}: ${word}`).toBe(0);
    }
    expect(await ginPointersFor(testDb.db, indexes.find((i) => i.index === 'leads_search_company')!, 'yti')).toBeGreaterThan(0);
  });

  it('a device replays a submission of the erased person - answered as a replay with the old id, nothing stored again', async () => {
    const replay = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: address, ...ERASED, attribution: { utmSource: 'google', referrer: 'https://search.example/' } }), {
      'Idempotency-Key': keys.lead,
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual({ id: ids.websiteLead });
    expect(await testDb.db('leads').where({ email_normalised: address }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('the erasure on the audit log - who, when, the counts, under the salted hash of the address and never the address', async () => {
    const [entry] = (await listStaffActions(testDb.db, { actions: ['person.erase'], limit: 1 })) as [StaffAuditEntry];
    expect(entry).toMatchObject({ actorName: 'Ada Admin', action: 'person.erase', details: { leads: 3, sampleRequests: 1, captures: 2, photos: 2 } });
    expect(entry.subject).toMatch(/^person:[0-9a-f]{32}$/);
    expect(entry.subject).toBe(personSubject(app.deps.sessionKeys, ` ${shouted}`));
    // A different secret gives a different hash: the log cannot be matched against guessed addresses without it.
    expect(personSubject(['another-secret-another-secret-0123456789'], address)).not.toBe(entry.subject);
  });

  it('a CRM sync of the person under way - 409, and nothing is erased', async () => {
    const email = `busy.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const lead = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email }));
    // As a worker's claim leaves the job while it talks to Pipedrive.
    await testDb.db('crm_sync_jobs').where({ kind: 'lead', record_id: lead.json.id }).update({ state: 'running', locked_by: 'elsewhere', locked_at: new Date().toISOString() });
    const res = await post('/api/admin/people/erase', { email });
    expect(res).toMatchObject({ status: 409, json: { message: 'This person is being sent to Pipedrive right now. Try again in a few seconds.' } });
    expect((await post('/api/admin/people/find', { email })).json.leads).toHaveLength(1);
    expect(await listStaffActions(testDb.db, { actions: ['person.erase'], limit: 10 })).toHaveLength(1);
  });

  it('an address nobody gave - found empty, and erasing it removes nothing but is on the log', async () => {
    const nobody = 'nobody@example.com';
    expect((await post('/api/admin/people/find', { email: nobody })).json).toMatchObject({ leads: [], sampleRequests: [], captures: [], pipedrive: { persons: 0, deals: 0 }, erasures: [] });
    const res = await post('/api/admin/people/erase', { email: nobody });
    expect(res.json.removed).toEqual({ leads: 0, sampleRequests: 0, captures: 0, photos: 0, storedAnswers: 0, crmJobs: 0, pipedrivePersons: 0, pipedriveDeals: 0 });
    expect((await post('/api/admin/people/find', { email: nobody })).json.erasures).toHaveLength(1);
  });
});

/** Every three-character sequence of these values (by character), as typed and lower-cased, as the indexes fold them. */
function trigramsOf(values: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const value of values) {
    for (const form of [value, value.toLowerCase()]) {
      const chars = [...form];
      for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
    }
  }
  return out;
}

/** Every text the database holds in a column the catalogue lists (and on SQLite its schema), the search index's own tables aside. */
async function storedTexts(db: Db, engine: string): Promise<string[]> {
  const texts: string[] = [];
  const columns = new Map<string, string[]>();
  for (const { table, column } of await textColumns(db)) {
    if (table.startsWith('leads_search')) continue;
    if (!columns.has(table)) columns.set(table, []);
    columns.get(table)!.push(column);
  }
  for (const [table, of] of columns) {
    for (const row of (await db(table).select(of)) as Record<string, unknown>[]) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') texts.push(value);
        else if (typeof value === 'number' || typeof value === 'bigint') texts.push(String(value));
        else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) texts.push(JSON.stringify(value));
      }
    }
  }
  if (engine === 'sqlite') texts.push(...((await db.raw('select sql from sqlite_master where sql is not null')) as { sql: string }[]).map((r) => r.sql));
  return texts;
}

/** The items of each relation in one buffer, a NUL between two (no fragment holds one), to be searched at once. */
function byRelation(items: StoredItem[]): { relation: string; bytes: Buffer }[] {
  const parts = new Map<string, Buffer[]>();
  const nul = Buffer.alloc(1);
  for (const i of items) {
    const name = `${i.relation} (${i.kind})`;
    if (!parts.has(name)) parts.set(name, []);
    parts.get(name)!.push(i.bytes, nul);
  }
  return [...parts].map(([relation, of]) => ({ relation, bytes: Buffer.concat(of) }));
}

/** Which of these texts the bytes hold as UTF-8: ASCII letters in any case, unless `exact`. */
function fragmentsIn(bytes: Buffer, texts: readonly string[], { exact = false } = {}): string[] {
  const fold = (b: Buffer) => (exact ? b : Buffer.from(b.map((c) => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c))));
  const hay = fold(bytes);
  return texts.filter((t) => hay.includes(fold(Buffer.from(t, 'utf8'))));
}
