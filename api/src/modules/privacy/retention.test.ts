// The retention rule on a fixed clock: real HTTP, real sessions, the real database (SQLite, and PostgreSQL with
// TEST_DATABASE_URL). Records are made at chosen moments by moving the app's clock, then the rule is previewed,
// set, and run (directly, and by the server's timer), through the same erase path as a person's erasure.
import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import type { RetentionPreview, RetentionStatus } from '../../contract';
import { leadBody } from '../../testing/leads';
import { listStaffActions } from '../staff-audit/staff-audit-service';
import { monthsBefore, runRetention } from './retention-service';
import { startRetentionTimer } from './retention-timer';

const EVENT = 'Retention Fair';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9]);
const NOW = new Date('2026-11-25T10:00:00.000Z');
const OLD = new Date('2025-06-01T09:00:00.000Z');
const RECENT = new Date('2026-10-01T09:00:00.000Z');

describe.each(ENGINES)('retention on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rep: SignedIn;
  let now = OLD;
  const tag = crypto.randomBytes(3).toString('hex');
  const email = (name: string) => `${name}.${tag}@example.com`;
  const kept = email('kept-jos\u00e9');
  const keptRetyped = kept.toUpperCase().normalize('NFD');
  const get = (path: string, who: SignedIn | null = admin) => api(app.baseUrl, 'GET', path, undefined, who ? { Cookie: who.cookie } : {});
  const put = (body: unknown, who: SignedIn | null = admin) => api(app.baseUrl, 'PUT', '/api/admin/retention', body, who ? { Cookie: who.cookie } : {});
  const lead = async (address: string) => (await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: address }))).json.id as number;
  const capture = async (address: string) => {
    const key = crypto.randomUUID();
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: EVENT, firstName: 'C', lastName: 'Apture', email: address }, { Cookie: rep.cookie, 'Idempotency-Key': key });
    if (res.status >= 300) throw new Error(`capture: ${res.status} ${res.text}`);
    return { key, id: res.json.id as number };
  };
  const emails = async (table: string) => ((await testDb.db(table).select('email')) as { email: string }[]).map((r) => r.email).sort();
  const counted = async () => Number((await testDb.db('leads').whereNull('spam_reason').count({ n: '*' }).first())?.n);
  const rollups = async () => Number((await testDb.db('lead_rollups').sum({ n: 'count' }).first())?.n);

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db, { clock: () => now });
    // Sessions last 14 days by the app's clock: each moment gets sessions of its own.
    now = OLD;
    rep = await signInAs(app, 'rep', 'Rita Rep');
    await lead(email('old-web'));
    const oldCapture = await capture(email('old-capture'));
    await fetch(`${app.baseUrl}/api/capture/photos/${oldCapture.key}`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg', Cookie: rep.cookie }, body: new Uint8Array(JPEG) });
    const recaptured = await capture(email('recaptured'));
    await api(app.baseUrl, 'POST', '/api/print-samples', {
      firstName: 'O', lastName: 'Ld', email: email('old-sample'), addressLine1: '1 Old St', city: 'Oldtown', state: 'OH', zip: '44101', sampleType: 'letters', elapsedMs: 8000,
    });
    // An address with an old lead and a recent one typed another way (capitals, é as e + U+0301): its Pipedrive
    // person serves the recent one still.
    const oldOfKept = await lead(kept);
    // As the sync leaves them: the Pipedrive ids it made, and the person remembered by address.
    await testDb.db('crm_sync_jobs').where({ kind: 'lead', record_id: oldOfKept }).update({ state: 'done', person_id: '501', person_created: true, deal_id: '601' });
    const oldWeb = await testDb.db('leads').where({ email: email('old-web') }).first();
    await testDb.db('crm_sync_jobs').where({ kind: 'lead', record_id: oldWeb.id }).update({ state: 'done', person_id: '502', person_created: true, deal_id: '602' });
    await testDb.db('crm_known_ids').insert([
      { kind: 'person', key: kept, pipedrive_id: '501', created_at: OLD.toISOString() },
      { kind: 'person', key: email('old-web'), pipedrive_id: '502', created_at: OLD.toISOString() },
    ]);

    now = RECENT;
    rep = await signInAs(app, 'rep', 'Rita Rep');
    await lead(email('recent'));
    await lead(keptRetyped);
    // Captured again recently at the same event: merged, and so not old any more.
    expect((await capture(email('recaptured'))).id).toBe(recaptured.id);
    now = NOW;
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it.each([
    ['GET', '/api/admin/retention'],
    ['GET', '/api/admin/retention/preview?months=12'],
    ['PUT', '/api/admin/retention'],
  ])('%s %s - 401 signed out, 403 for a rep', async (method, path) => {
    const body = method === 'PUT' ? { enabled: true, months: 1 } : undefined;
    expect((await api(app.baseUrl, method, path, body)).status).toBe(401);
    expect((await api(app.baseUrl, method, path, body, { Cookie: rep.cookie })).status).toBe(403);
    expect((await get('/api/admin/retention')).json.enabled).toBe(false);
  });

  it('the setting before anyone set it - off, 24 months proposed, no run yet', async () => {
    expect((await get('/api/admin/retention')).json).toEqual({ enabled: false, months: 24, updatedAt: null, updatedBy: null, lastRun: null });
    expect(await runRetention(app.deps)).toBeNull();
  });

  it.each([
    [{ enabled: true }, 'months: Months must be a whole number'],
    [{ enabled: true, months: 0 }, 'months: Months must be 1 or more'],
    [{ enabled: true, months: 121 }, 'months: Months must be at most 120'],
    [{ enabled: true, months: 1.5 }, 'months: Months must be a whole number'],
    [{ enabled: 'yes', months: 12 }, 'enabled: enabled must be true or false'],
  ])('PUT %j - 400 with the field message, the setting unchanged', async (body, message) => {
    const res = await put(body);
    expect(res).toMatchObject({ status: 400, json: { message } });
    expect((await get('/api/admin/retention')).json.enabled).toBe(false);
  });

  it.each(['abc', '0', '121', ''])('preview with months=%s - 400', async (months) => {
    expect((await get(`/api/admin/retention/preview?months=${months}`)).status).toBe(400);
  });

  it('preview of 12 months - counts the old records (a recapture keeps its lead), their capture and photo; nothing is erased', async () => {
    const res = await get('/api/admin/retention/preview?months=12');
    expect(res.json as RetentionPreview).toEqual({ months: 12, cutoff: '2025-11-25T10:00:00.000Z', leads: 3, captures: 1, sampleRequests: 1, photos: 1 });
    expect((await get('/api/admin/retention/preview?months=24')).json).toMatchObject({ leads: 0, sampleRequests: 0 });
    expect(await emails('leads')).toHaveLength(6);
  });

  it('turning the rule on - saved with who and when, and the change on the audit log', async () => {
    const res = await put({ enabled: true, months: 12 });
    expect(res.json as RetentionStatus).toEqual({ enabled: true, months: 12, updatedAt: NOW.toISOString(), updatedBy: 'Ada Admin', lastRun: null });
    const [line] = await listStaffActions(testDb.db, { actions: ['retention.setting'], limit: 1 });
    expect(line).toMatchObject({ actorName: 'Ada Admin', details: { before: { enabled: false, months: 24 }, after: { enabled: true, months: 12 } } });
  });

  it('a run - erases exactly the old records, keeps the rollups equal to the leads, queues the Pipedrive side of addresses left with nothing, and is on the audit log', async () => {
    const run = await runRetention(app.deps);
    expect(run).toEqual({
      removed: { leads: 3, sampleRequests: 1, captures: 1, photos: 1, storedAnswers: 0, crmJobs: 4, pipedrivePersons: 1, pipedriveDeals: 2 },
      more: false,
    });
    expect(await emails('leads')).toEqual([keptRetyped, email('recaptured'), email('recent')].sort());
    expect(await emails('sample_requests')).toEqual([]);
    expect(await rollups()).toBe(await counted());
    // Both deals go; only the person of the address no record keeps (502), and only its remembered id.
    const [erasure] = await testDb.db('crm_erasures').select('person_ids', 'deal_ids');
    expect([JSON.parse(erasure.person_ids), JSON.parse(erasure.deal_ids).sort()]).toEqual([[502], [601, 602]]);
    expect((await testDb.db('crm_known_ids').select('key')).map((r: { key: string }) => r.key)).toEqual([kept]);

    const [line] = await listStaffActions(testDb.db, { actions: ['retention.run'], limit: 5 });
    expect(line).toMatchObject({ actorName: null, actorUserId: null, details: { months: 12, cutoff: '2025-11-25T10:00:00.000Z', removed: run!.removed } });
    expect((await get('/api/admin/retention')).json.lastRun).toEqual({ at: NOW.toISOString(), removed: run!.removed });
  });

  it('a second run with nothing old left - erases nothing and adds no line to the log', async () => {
    expect((await runRetention(app.deps))!.removed.leads).toBe(0);
    expect(await listStaffActions(testDb.db, { actions: ['retention.run'], limit: 5 })).toHaveLength(1);
  });

  it('a backlog larger than a batch - one run per batch, each its own line, until none is left', async () => {
    now = OLD;
    for (const n of [1, 2, 3]) await lead(email(`backlog-${n}`));
    now = NOW;
    expect(await runRetention(app.deps, 2)).toMatchObject({ removed: { leads: 2 }, more: true });
    expect(await runRetention(app.deps, 2)).toMatchObject({ removed: { leads: 1 }, more: false });
    expect(await listStaffActions(testDb.db, { actions: ['retention.run'], limit: 5 })).toHaveLength(3);
  });

  it('a backlog of exactly one batch - one run, which says nothing more is due (a run that says so is the one that flushes the erased rows)', async () => {
    now = OLD;
    for (const n of [1, 2]) await lead(email(`exact-${n}`));
    now = NOW;
    expect(await runRetention(app.deps, 2)).toMatchObject({ removed: { leads: 2 }, more: false });
    expect(await emails('leads')).not.toContain(email('exact-1'));
  });

  it('the server\'s timer - runs the rule by itself and erases what has grown old', async () => {
    now = OLD;
    const id = await lead(email('timer'));
    now = NOW;
    const timer = startRetentionTimer({ ...app.deps, logger: pino({ level: 'silent' }) }, { everyMs: 20, firstAfterMs: 10 });
    try {
      for (const until = Date.now() + 5000; (await testDb.db('leads').where({ id }).first()) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await timer.stop();
    }
    expect(await testDb.db('leads').where({ id }).first()).toBeUndefined();
  });

  it('turned off - a run erases nothing, however old', async () => {
    await put({ enabled: false, months: 12 });
    now = OLD;
    await lead(email('while-off'));
    now = NOW;
    expect(await runRetention(app.deps)).toBeNull();
    expect(await emails('leads')).toContain(email('while-off'));
  });
});

describe('monthsBefore', () => {
  it.each([
    ['2026-11-25T10:00:00.000Z', 12, '2025-11-25T10:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 1, '2026-02-28T00:00:00.000Z'],
    ['2024-03-31T23:59:59.999Z', 1, '2024-02-29T23:59:59.999Z'],
    ['2026-01-15T08:00:00.000Z', 13, '2024-12-15T08:00:00.000Z'],
  ])('%s minus %i months - %s (the month\'s last day when the day does not exist)', (from, months, expected) => {
    expect(monthsBefore(new Date(from), months).toISOString()).toBe(expected);
  });
});
