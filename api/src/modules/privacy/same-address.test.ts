// One address, one person: every "same address" rule compares the address in one form (normaliseEmail: NFC,
// then lower-cased as JavaScript does), stored in `email_normalised`, on both engines. SQLite's lower() folds
// ASCII only and neither engine's makes é typed as one character and as e + U+0301 the same, so before this a
// capture stored as JOSÉ@… was not found, exported or erased for josé@…, while the audit line (hashed in
// JavaScript) reported the person erased. Here José's address arrives typed four ways; a bystander's differs by
// the accent alone. Real HTTP, real sessions, the real database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { migrationSource } from '../../db/migrations';
import { migrateLatest } from '../../db/migrate';
import type { Db } from '../../db/knex';
import { normaliseEmail, type ErasureReport, type PersonRecords } from '../../contract';
import { leadBody } from '../../testing/leads';
import { listStaffActions } from '../staff-audit/staff-audit-service';
import { personSubject } from './person-subject';

const COMPOSED = 'jos\u00e9@victim.org';
const SHOUTED = 'JOS\u00c9@VICTIM.ORG';
const DECOMPOSED = 'jose\u0301@victim.org';
const DECOMPOSED_MIXED = 'JOSE\u0301@Victim.org';
const BYSTANDER = 'jose@victim.org';
const EVENT = 'Unicode Expo';

describe('normaliseEmail', () => {
  it.each([COMPOSED, SHOUTED, DECOMPOSED, DECOMPOSED_MIXED, ` ${SHOUTED}\t`])('%j - josé@victim.org with é as one character', (typed) => {
    expect(normaliseEmail(typed)).toBe(COMPOSED);
  });

  it('an address differing by a letter stays another address; JavaScript\'s own lower-casing is kept (final sigma, dotted İ)', () => {
    expect(normaliseEmail(BYSTANDER)).not.toBe(COMPOSED);
    expect(normaliseEmail('ΟΔΟΣ@example.gr')).toBe('οδος@example.gr');
    expect(normaliseEmail('İPEK@example.tr')).toBe('i\u0307pek@example.tr');
  });
});

describe.each(ENGINES)('one address, one person on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rep: SignedIn;
  const ids: { web?: number; captured?: number; sample?: number; bystander?: number } = {};
  const post = (path: string, body: unknown) => api(app.baseUrl, 'POST', path, body, { Cookie: admin.cookie });
  const capture = (email: string, notes: string) =>
    api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: EVENT, firstName: 'José', lastName: 'Núñez', email, notes }, { Cookie: rep.cookie, 'Idempotency-Key': crypto.randomUUID() });

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db);
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
    ids.web = (await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: SHOUTED, firstName: 'José' }))).json.id;
    const sample = await api(app.baseUrl, 'POST', '/api/print-samples', {
      firstName: 'José', lastName: 'Núñez', email: DECOMPOSED, addressLine1: '1 Rue Unicode', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'postcards', elapsedMs: 8000,
    });
    expect(sample.status).toBe(201);
    ids.sample = sample.json.id;
    ids.bystander = (await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: BYSTANDER, firstName: 'Joe' }))).json.id;
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('a capture typed JOSÉ, then one typed JOSE + U+0301 at the same event - merged into one lead; jose@ without the accent is another person', async () => {
    const first = await capture(SHOUTED, 'First visit');
    expect(first.status).toBe(201);
    ids.captured = first.json.id;
    const again = await capture(DECOMPOSED_MIXED, 'Came back');
    expect(again).toMatchObject({ status: 200, json: { id: ids.captured, merged: true } });
    const other = await capture(BYSTANDER, 'Someone else');
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(ids.captured);
    expect(await testDb.db('leads').where({ event_name: EVENT }).count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  it.each([COMPOSED, DECOMPOSED_MIXED])('find with %j - the website lead typed JOSÉ, the capture and its merge, the sample request typed e + U+0301; not jose@', async (typed) => {
    const found = (await post('/api/admin/people/find', { email: typed })).json as PersonRecords;
    expect(found.leads.map((l) => l.id).sort()).toEqual([ids.web, ids.captured].sort());
    expect(found.sampleRequests.map((r) => r.id)).toEqual([ids.sample]);
    expect(found.captures).toHaveLength(2);
  });

  it('export with e + U+0301 - the same records; its audit line names the person as every other spelling does', async () => {
    const res = await post('/api/admin/people/export', { email: DECOMPOSED });
    expect(res.status).toBe(200);
    expect(res.json.leads).toHaveLength(2);
    expect(res.json.sampleRequests).toHaveLength(1);
    const [line] = await listStaffActions(testDb.db, { actions: ['person.export'], limit: 1 });
    const subjects = [COMPOSED, SHOUTED, DECOMPOSED, DECOMPOSED_MIXED].map((typed) => personSubject(app.deps.sessionKeys, typed));
    expect(new Set(subjects)).toEqual(new Set([line!.subject]));
    expect(personSubject(app.deps.sessionKeys, BYSTANDER)).not.toBe(line!.subject);
  });

  it('erase with JOSE + U+0301 - every record of every spelling goes, with a stored answer that names JOSÉ; the bystander stays; josé then reads "erased before"', async () => {
    // An answer stored under a key that names no record of theirs, holding the address as another spelling.
    const key = crypto.randomUUID();
    await testDb.db('idempotency_keys').insert({
      scope: 'test-scope', key, request_hash: 'x', state: 'done', response_status: 200, response_body: JSON.stringify({ note: `write to ${SHOUTED}` }), created_at: new Date().toISOString(),
    });
    const res = await post('/api/admin/people/erase', { email: DECOMPOSED_MIXED });
    expect(res.status).toBe(200);
    expect((res.json as ErasureReport).removed).toMatchObject({ leads: 2, sampleRequests: 1, captures: 2 });
    expect((await testDb.db('idempotency_keys').where({ scope: 'test-scope', key }).first()).response_body).toBeNull();

    const after = (await post('/api/admin/people/find', { email: COMPOSED })).json as PersonRecords;
    expect([after.leads, after.sampleRequests, after.captures]).toEqual([[], [], []]);
    expect(after.erasures).toHaveLength(1);
    expect(await testDb.db('leads').where({ email_normalised: COMPOSED }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const bystander = (await post('/api/admin/people/find', { email: BYSTANDER })).json as PersonRecords;
    expect(bystander.leads).toHaveLength(2);
    expect(bystander.leads.map((l) => l.id)).toContain(ids.bystander);
    expect(bystander.erasures).toEqual([]);
  });

  it('a lead or sample request stored without its normalised address - refused by the database', async () => {
    const now = new Date().toISOString();
    await expect(testDb.db('leads').insert({ first_name: 'No', last_name: 'Form', email: 'x@example.com', lead_source: 'Website', source: 'Main Website', status: 'new', created_at: now, updated_at: now })).rejects.toThrow(/email_normalised/);
    await expect(
      testDb.db('sample_requests').insert({
        first_name: 'No', last_name: 'Form', email: 'x@example.com', address_line1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sample_type: 'postcards', pipedrive_status: 'pending', processed: false, created_at: now, updated_at: now,
      }),
    ).rejects.toThrow(/email_normalised/);
    const [lead] = await testDb.db('leads').select('id').limit(1);
    await expect(testDb.db('leads').where({ id: lead.id }).update({ email_normalised: null })).rejects.toThrow(/email_normalised/);
  });
});

describe.each(ENGINES)('leads and sample requests stored before the normalised address, on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let rep: SignedIn;
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes)).toISOString();
  const lead = (email: string, minutes: number, eventName: string | null = EVENT) => ({
    first_name: 'José', last_name: 'Núñez', email, lead_source: 'Website', source: eventName ? `Event: ${eventName}` : 'Main Website', status: 'new', event_name: eventName, created_at: at(minutes), updated_at: at(minutes),
  });
  const idOf = async (email: string) => Number((await testDb.db('leads').where({ email }).first()).id);

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    await migrateDownTo(testDb.db, '069_email_normalised_columns');
    // As the old unique index (event_name, lower(email)) let them in: on both engines é composed and decomposed
    // are different addresses to lower(), and on SQLite so are É and é.
    await testDb.db('leads').insert(lead(COMPOSED, 1));
    await testDb.db('leads').insert(lead(DECOMPOSED, 2));
    if (engine === 'sqlite') await testDb.db('leads').insert(lead(SHOUTED, 3));
    await testDb.db('leads').insert(lead(` ${DECOMPOSED_MIXED} `, 4, null));
    await testDb.db('leads').insert(lead('Plain.Person@Example.com', 5, null));
    await testDb.db('sample_requests').insert({
      first_name: 'José', last_name: 'Núñez', email: SHOUTED, address_line1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sample_type: 'postcards', pipedrive_status: 'pending', processed: false, created_at: at(6), updated_at: at(6),
    });
    // The sync remembered the person under two spellings; the newer id is the one it would find.
    await testDb.db('crm_known_ids').insert([
      { kind: 'person', key: DECOMPOSED, pipedrive_id: '701', created_at: at(1) },
      { kind: 'person', key: COMPOSED, pipedrive_id: '702', created_at: at(2) },
      { kind: 'org', key: 'Núñez Co'.normalize('NFD').toLowerCase(), pipedrive_id: '801', created_at: at(1) },
    ]);
    await migrateLatest(testDb.db);
    app = await startTestApp(testDb.db);
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('the migration - every row\'s normalised address made as normaliseEmail makes it', async () => {
    for (const table of ['leads', 'sample_requests']) {
      const rows: { email: string; email_normalised: string }[] = await testDb.db(table).select('email', 'email_normalised');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.email_normalised, row.email).toBe(normaliseEmail(row.email));
    }
  });

  it('the twins at the event - the first stays the person\'s lead there, each later one names it', async () => {
    const first = await idOf(COMPOSED);
    const twins = await testDb.db('leads').where({ event_name: EVENT }).orderBy('id').select('id', 'event_twin_of');
    expect(twins.map((t: { event_twin_of: number | null }) => t.event_twin_of)).toEqual([null, ...twins.slice(1).map(() => first)]);
  });

  it('a new capture of the person at the event, typed another way again - merged into the first lead, not a twin; the database refuses a second first lead', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: EVENT, firstName: 'José', lastName: 'Núñez', email: DECOMPOSED_MIXED }, { Cookie: rep.cookie, 'Idempotency-Key': crypto.randomUUID() });
    expect(res).toMatchObject({ status: 200, json: { id: await idOf(COMPOSED), merged: true } });
    await expect(testDb.db('leads').insert({ ...lead(SHOUTED.toLowerCase(), 9), email_normalised: COMPOSED })).rejects.toThrow(/unique|UNIQUE/);
  });

  it('the remembered Pipedrive person - one key, the normalised address, with the newer id; an organization\'s key as it was', async () => {
    const rows = await testDb.db('crm_known_ids').orderBy('kind').select('kind', 'key', 'pipedrive_id');
    expect(rows).toEqual([
      { kind: 'org', key: 'Núñez Co'.normalize('NFD').toLowerCase(), pipedrive_id: '801' },
      { kind: 'person', key: COMPOSED, pipedrive_id: '702' },
    ]);
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
