// Lead work to Pipedrive (issue #31) end to end: the real app and worker on SQLite and PostgreSQL, staff working
// leads over real HTTP, and the fake Pipedrive over real HTTP. The owner becomes the deal's owner by e-mail (looked
// up once), Not a fit marks the deal lost with the reason and a move back opens it, a note reaches the deal once
// through a 500 and a lost answer, a change waits for its lead's deal, and nothing goes out without a token.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ENGINES, api, testConfig, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { startFakePipedrive, type FakePipedrive } from '../../testing/fake-pipedrive';
import { leadBody } from '../../testing/leads';
import type { CrmConfig } from '../../config';
import { CrmSyncWorker, LEAD_WORK_WAITS } from './crm-worker';

const silent = pino({ level: 'silent' });
const tag = () => crypto.randomBytes(3).toString('hex');

describe.each(ENGINES)('lead work to Pipedrive on %s', (engine) => {
  let fake: FakePipedrive;
  let crm: CrmConfig;
  beforeAll(async () => {
    fake = await startFakePipedrive();
    crm = { ...testConfig().crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url, maxAttempts: 4, backoffMs: 10, pollMs: 50 };
  });
  afterAll(async () => {
    await fake.close();
  });
  const app = useTestApp(engine, () => ({ config: { crm } }));
  let admin: SignedIn;
  let rita: SignedIn;
  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rita = await signInAs(app, 'rep', 'Rita Rep');
  });
  const workers: CrmSyncWorker[] = [];
  const startWorker = (config: CrmConfig = crm) => {
    const worker = new CrmSyncWorker({ db: app.db, config: { crm: config }, logger: silent, workerId: `w-${tag()}` });
    worker.start();
    workers.push(worker);
    return worker;
  };
  beforeEach(async () => {
    fake.reset();
    await app.db('crm_known_ids').del();
    await app.db('crm_pipedrive_users').del();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  const call = (who: SignedIn, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    api(app.baseUrl, method, path, body, { Cookie: who.cookie, ...headers });
  const postLead = async () => {
    const t = tag();
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: `lead-${t}@example.com`, company: `Company ${t}` }));
    expect(res.status).toBe(201);
    return (res.json as { id: number }).id;
  };
  const waitFor = <T>(check: () => Promise<T> | T, timeout = 8000) => vi.waitFor(check, { timeout, interval: 20 });
  const dealOf = (leadId: number) => fake.deals.find((d) => d.title.endsWith(`#L${leadId}`));
  const syncedLead = async () => {
    const id = await postLead();
    await waitFor(async () => expect((await app.db('leads').where({ id }).first()).status).toBe('synced'));
    return { id, deal: dealOf(id)! };
  };
  const workJobs = (leadId: number) => app.db('crm_sync_jobs').where({ kind: 'lead_work', lead_id: leadId }).orderBy('id');
  const allDone = (leadId: number, n: number) =>
    waitFor(async () => {
      const jobs = await workJobs(leadId);
      expect(jobs.map((j) => j.state)).toEqual(Array(n).fill('done'));
      return jobs;
    });
  const requestsTo = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

  it('owner - the deal\'s owner becomes the Pipedrive user with the owner\'s e-mail, looked up once for two leads', async () => {
    const ritaInPipedrive = fake.addUser({ name: 'Rita R.', email: rita.user.email.toUpperCase() });
    fake.addUser({ name: 'Someone else', email: `other-${tag()}@example.com` });
    startWorker();
    const first = await syncedLead();
    expect(first.deal.owner_id).not.toBe(ritaInPipedrive.id);
    expect((await call(rita, 'POST', `/api/admin/leads/${first.id}/take`)).status).toBe(200);
    await waitFor(() => expect(dealOf(first.id)!.owner_id).toBe(ritaInPipedrive.id));

    const second = await syncedLead();
    expect((await call(admin, 'PUT', `/api/admin/leads/${second.id}/owner`, { userId: rita.user.id })).status).toBe(200);
    await waitFor(() => expect(dealOf(second.id)!.owner_id).toBe(ritaInPipedrive.id));
    await allDone(second.id, 1);
    // Remembered: one users call for both leads, by e-mail.
    const lookups = requestsTo('GET', '/api/v1/users/find');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query).toMatchObject({ term: rita.user.email, search_by_email: '1' });
    expect(requestsTo('PATCH', `/api/v2/deals/${second.deal.id}`).map((r) => r.body)).toEqual([{ owner_id: ritaInPipedrive.id }]);
  });

  it('owner - a staff member Pipedrive does not know leaves the deal\'s owner as it is; the job ends done, and "no such user" is remembered', async () => {
    startWorker();
    const first = await syncedLead();
    const second = await syncedLead();
    const ownerBefore = first.deal.owner_id;
    await call(admin, 'PUT', `/api/admin/leads/${first.id}/owner`, { userId: admin.user.id });
    await call(admin, 'PUT', `/api/admin/leads/${second.id}/owner`, { userId: admin.user.id });
    const [job] = await allDone(first.id, 1);
    await allDone(second.id, 1);
    expect(job).toMatchObject({ last_error: null, attempts: 1 });
    expect(dealOf(first.id)!.owner_id).toBe(ownerBefore);
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(requestsTo('GET', '/api/v1/users/find')).toHaveLength(1);
    expect(await app.db('crm_pipedrive_users').where({ user_id: admin.user.id }).first()).toMatchObject({ pipedrive_user_id: null });
  });

  it('stage - Not a fit marks the deal lost with the reason; a move back out opens it again; other moves send nothing', async () => {
    startWorker();
    const { id, deal } = await syncedLead();
    await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'contacted' });
    await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: 'No budget' });
    await waitFor(() => expect(dealOf(id)).toMatchObject({ status: 'lost', lost_reason: 'No budget' }));
    await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'qualified' });
    await waitFor(() => expect(dealOf(id)).toMatchObject({ status: 'open', lost_reason: null }));
    // Contacted (from New) is no news for Pipedrive: two jobs, two PATCHes.
    await allDone(id, 2);
    expect(requestsTo('PATCH', `/api/v2/deals/${deal.id}`).map((r) => r.body)).toEqual([{ status: 'lost', lost_reason: 'No budget' }, { status: 'open' }]);
  });

  it('note - sent once to the deal through a 500 and an answer lost after Pipedrive stored it', async () => {
    startWorker();
    const { id, deal } = await syncedLead();
    fake.failNext(1, { status: 500, match: 'POST /api/v1/notes' });
    fake.crashAfterCreatingNote(1);
    const res = await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Called <back>: wants 5,000 & a quote' }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
    const entryId = (res.json as { id: number }).id;
    const [job] = await allDone(id, 1);
    const staffNotes = fake.notes.filter((n) => n.deal_id === deal.id && n.content.includes(`#N${entryId})`));
    expect(staffNotes).toHaveLength(1);
    expect(staffNotes[0]!.content).toContain('Called &lt;back&gt;: wants 5,000 &amp; a quote');
    expect(staffNotes[0]!.content).toContain('Ada Admin');
    // Three attempts: the 500, the lost answer, and the one that found the stored note instead of writing again.
    expect(job).toMatchObject({ attempts: 3, note_id: String(staffNotes[0]!.id), last_error: null });
    expect(requestsTo('POST', '/api/v1/notes').filter((r) => String((r.body as { content: string }).content).includes(`#N${entryId})`))).toHaveLength(2);
  });

  it('waiting - changes to a lead not yet in Pipedrive wait without spending attempts, then go once it has its deal', async () => {
    const id = await postLead();
    // The lead's own sync is not due for an hour (as if Pipedrive had been failing for a while).
    await app.db('crm_sync_jobs').where({ kind: 'lead', record_id: id }).update({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() });
    const ritaInPipedrive = fake.addUser({ name: 'Rita R.', email: rita.user.email });
    startWorker();
    await call(rita, 'POST', `/api/admin/leads/${id}/take`);
    await call(rita, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: 'Duplicate' });
    await waitFor(async () => {
      const jobs = await workJobs(id);
      expect(jobs).toHaveLength(2);
      for (const job of jobs) expect(job).toMatchObject({ state: 'pending', attempts: 0, last_error: LEAD_WORK_WAITS });
    });
    expect(fake.deals).toHaveLength(0);
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await app.db('crm_sync_jobs').where({ kind: 'lead', record_id: id }).update({ next_attempt_at: new Date().toISOString() });
    // The lead's sync wakes its waiting changes: they go within the test's time, not the 30 min of the longest backoff.
    const jobs = await allDone(id, 2);
    for (const job of jobs) expect(job).toMatchObject({ attempts: 1, last_error: null });
    const deal = dealOf(id)!;
    expect(fake.deals).toHaveLength(1);
    expect(deal).toMatchObject({ owner_id: ritaInPipedrive.id, status: 'lost', lost_reason: 'Duplicate' });
  });

  it('erasure - the lead\'s change jobs go with it, and its staff notes go from Pipedrive with its deal', async () => {
    startWorker();
    const { id, deal } = await syncedLead();
    const email = (await app.db('leads').where({ id }).first()).email as string;
    await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Personal detail' }, { 'Idempotency-Key': crypto.randomUUID() });
    await allDone(id, 1);
    expect(fake.notes.filter((n) => n.deal_id === deal.id)).toHaveLength(2);
    const res = await call(admin, 'POST', '/api/admin/people/erase', { email });
    expect(res.status).toBe(200);
    expect(res.json.removed).toMatchObject({ leads: 1, crmJobs: 2, pipedriveDeals: 1 });
    expect(await workJobs(id)).toEqual([]);
    await waitFor(() => expect(fake.deals.find((d) => d.id === deal.id)).toBeUndefined());
    expect(fake.notes.filter((n) => n.content.includes('Personal detail'))).toEqual([]);
  });

  it('no token - the changes are queued, and nothing reaches Pipedrive', async () => {
    const worker = startWorker({ ...crm, pipedriveApiToken: undefined });
    expect(worker.connected).toBe(false);
    const id = await postLead();
    fake.addUser({ name: 'Rita R.', email: rita.user.email });
    await call(rita, 'POST', `/api/admin/leads/${id}/take`);
    await call(rita, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: 'Spam' });
    await call(rita, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Not for us' }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(await worker.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await workJobs(id)).map((j) => j.state)).toEqual(['pending', 'pending', 'pending']);
    expect(fake.requests).toHaveLength(0);
  });
});
