// The CRM sync end to end: real app, real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// real workers, and a fake Pipedrive over real HTTP that speaks Pipedrive's paths, headers and envelopes.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ENGINES, api, testConfig, useTestApp } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import { startFakePipedrive, type FakePipedrive, type RecordedRequest } from '../../testing/fake-pipedrive';
import type { CrmConfig } from '../../config';
import type { Db } from '../../db/knex';
import { leadBody } from '../../testing/leads';
import { CrmSyncWorker } from './crm-worker';
import { PipedriveClient } from './pipedrive-client';

const silent = pino({ level: 'silent' });

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(3).toString('hex')}@example.com`;

const sampleBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail('grace'),
  phone: '+1 555 0199',
  company: 'Navy Labs',
  addressLine1: '1 Harbor Way',
  addressLine2: 'Suite 2',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  sampleType: 'both',
  notes: 'Leave at the front desk.',
  elapsedMs: 8000,
  ...overrides,
});

describe.each(ENGINES)('CRM sync on %s', (engine) => {
  let fake: FakePipedrive;
  let crm: CrmConfig;
  let cookie: string;
  // The fake Pipedrive starts first: the app's configuration names its address.
  beforeAll(async () => {
    fake = await startFakePipedrive();
    crm = {
      ...testConfig().crm,
      pipedriveApiToken: fake.token,
      pipedriveBaseUrl: fake.url,
      maxAttempts: 3,
      backoffMs: 10,
      pollMs: 50,
    };
  });
  afterAll(async () => {
    await fake.close();
  });
  const app = useTestApp(engine, () => ({ config: { crm } }));
  const workers: CrmSyncWorker[] = [];

  const startWorker = (db: Db = app.db, workerId = 'w1') => {
    const worker = new CrmSyncWorker({ db, config: { crm }, logger: silent, workerId });
    worker.start();
    workers.push(worker);
    return worker;
  };
  const postLead = async (overrides: Record<string, unknown> = {}) => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: uniqueEmail('ada'), ...overrides }));
    expect(res.status).toBe(201);
    return res.json as { id: number; email: string };
  };
  const leadRow = (id: number) => app.db('leads').where({ id }).first();
  const jobRow = (kind: string, id: number) => app.db('crm_sync_jobs').where({ kind, record_id: id }).first();
  const waitForLeadStatus = (id: number, status: string, timeoutMs = 8000) =>
    vi.waitFor(
      async () => {
        const row = await leadRow(id);
        expect(row?.status).toBe(status);
        return row;
      },
      { timeout: timeoutMs, interval: 20 },
    );
  const rollupCount = async (status: string) => {
    const rows = await app.db('lead_rollups').where({ status }).sum({ n: 'count' });
    return Number(rows[0]?.n ?? 0);
  };

  beforeAll(async () => {
    cookie = (await signInAs(app)).cookie;
  });
  // Each test starts with an empty Pipedrive, so the ids the product remembers from earlier tests are gone too.
  beforeEach(async () => {
    fake.reset();
    await app.db('crm_known_ids').del();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  it('lead - synced with one person, one organization, one deal and a note carrying message, industry, volume, source and attribution', async () => {
    startWorker();
    const lead = await postLead({
      attribution: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', referrer: 'https://search.example/?q=mail', landingPage: '/mortgage' },
    });
    const row = await waitForLeadStatus(lead.id, 'synced');
    expect(row.sync_error).toBeNull();

    expect(fake.persons).toHaveLength(1);
    expect(fake.persons[0]).toMatchObject({
      name: 'Ada Lovelace',
      emails: [{ value: lead.email, primary: true, label: 'work' }],
      phones: [{ value: '+1 555 0100', primary: true, label: 'work' }],
      org_id: fake.organizations[0]!.id,
    });
    expect(fake.organizations.map((o) => o.name)).toEqual(['Analytical Engines']);
    expect(fake.deals).toHaveLength(1);
    const deal = fake.deals[0]!;
    expect(deal.title).toBe(`Analytical Engines — demo request from Main Website #L${lead.id}`);
    // The pipeline estimate: 1000-5000 stands for 3,000 pieces a month at the $0.65 tier price.
    expect(deal).toMatchObject({ value: 1950, currency: 'USD', person_id: fake.persons[0]!.id, org_id: fake.organizations[0]!.id });
    expect(fake.notes).toHaveLength(1);
    const note = fake.notes[0]!;
    expect(note.deal_id).toBe(deal.id);
    for (const text of ['Please call me.', 'Mortgage &amp; Banking', '1,000 – 5,000 pieces / month', 'Main Website', 'DirectMailers Website', 'google', 'cpc', 'spring', 'https://search.example/?q=mail', '/mortgage', `#L${lead.id}`]) {
      expect(note.content).toContain(text);
    }
    // Every call carried the token in the header Pipedrive reads, and none in the URL.
    expect(fake.requests.every((r) => r.token === fake.token && !('api_token' in r.query))).toBe(true);

    const job = await jobRow('lead', lead.id);
    expect(job).toMatchObject({ state: 'done', attempts: 1, deal_id: String(deal.id), last_error: null, locked_by: null });
    // The lead's count moved from new to synced in the rollups, so the dashboard's conversion rate follows.
    expect(await rollupCount('synced')).toBe(1);
    const list = await api(app.baseUrl, 'GET', '/api/admin/leads', undefined, { Cookie: cookie });
    expect(list.json.find((l: { id: number }) => l.id === lead.id)).toMatchObject({
      status: 'synced',
      syncError: null,
      attribution: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', referrer: 'https://search.example/?q=mail', landingPage: '/mortgage' },
    });
  });

  it('existing person - found by e-mail (any case) and reused, not created again', async () => {
    const email = uniqueEmail('known');
    const client = new PipedriveClient({ baseUrl: fake.url, apiToken: fake.token });
    const existing = await client.createPerson({ name: 'Ada L.', email });
    startWorker();
    const lead = await postLead({ email: email.toUpperCase(), company: undefined });
    await waitForLeadStatus(lead.id, 'synced');
    expect(fake.persons).toHaveLength(1);
    expect(fake.organizations).toHaveLength(0);
    expect(fake.deals).toHaveLength(1);
    expect(fake.deals[0]).toMatchObject({ person_id: existing, org_id: null, title: `Ada Lovelace — demo request from Main Website #L${lead.id}` });
  });

  it('429 with retry-after - waits as long as Pipedrive asks, then synced', async () => {
    // Pipedrive asks for 1 s; the worker's own backoff is 10 ms, so a retry that ignored the header would come
    // ~100 times sooner than allowed.
    fake.failNext(1, { status: 429, retryAfterSeconds: 1, match: 'GET /api/v2/persons/search' });
    startWorker();
    const lead = await postLead();
    await waitForLeadStatus(lead.id, 'synced', 10_000);
    const searches = fake.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/persons/search');
    expect(searches.map((r) => r.status)).toEqual([429, 200]);
    const [limited, retry] = searches as [RecordedRequest, RecordedRequest];
    // The worker reads the 429 after it arrived, so its retry can come no sooner than receipt + Retry-After.
    expect(retry.receivedAt - limited.receivedAt).toBeGreaterThanOrEqual(1000);
    const job = await jobRow('lead', lead.id);
    expect(job.attempts).toBe(2);
    expect(fake.deals).toHaveLength(1);
  });

  it('5xx until the last attempt - sync_failed with the reason; Retry sync - synced', async () => {
    fake.failNext(Infinity, { status: 503 });
    startWorker();
    const lead = await postLead();
    const failed = await waitForLeadStatus(lead.id, 'sync_failed');
    fake.clearFailures();
    expect(failed.sync_error).toMatch(/^Gave up after 3 attempts: .*503 Service unavailable/);
    expect(await jobRow('lead', lead.id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect(fake.deals).toHaveLength(0);
    expect(await rollupCount('sync_failed')).toBe(1);
    const status = await api(app.baseUrl, 'GET', '/api/admin/crm/status', undefined, { Cookie: cookie });
    expect(status.json).toMatchObject({ connected: true, failed: 1 });

    const retry = await api(app.baseUrl, 'POST', `/api/admin/leads/${lead.id}/retry-sync`, undefined, { Cookie: cookie });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ id: lead.id, status: 'new', syncError: null });
    await waitForLeadStatus(lead.id, 'synced');
    expect(await jobRow('lead', lead.id)).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    expect(fake.deals).toHaveLength(1);
    expect(await rollupCount('sync_failed')).toBe(0);

    const again = await api(app.baseUrl, 'POST', `/api/admin/leads/${lead.id}/retry-sync`, undefined, { Cookie: cookie });
    expect(again.status).toBe(409);
  });

  it('a refused request (4xx) - sync_failed at once, without burning the other attempts', async () => {
    fake.failNext(1, { status: 400, match: 'POST /api/v2/deals' });
    startWorker();
    const lead = await postLead();
    const failed = await waitForLeadStatus(lead.id, 'sync_failed');
    expect(failed.sync_error).toMatch(/POST \/api\/v2\/deals: 400/);
    expect(await jobRow('lead', lead.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('crash after the deal was created - the retry finds it: one deal, one note', async () => {
    fake.crashAfterCreatingDeal(1);
    startWorker();
    const lead = await postLead();
    await waitForLeadStatus(lead.id, 'synced');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/deals')).toHaveLength(1);
    expect(fake.deals).toHaveLength(1);
    expect(fake.notes).toHaveLength(1);
    expect(fake.persons).toHaveLength(1);
    expect(await jobRow('lead', lead.id)).toMatchObject({ state: 'done', attempts: 2, deal_id: String(fake.deals[0]!.id) });
  });

  it('a process that died mid-sync - its stale claim is taken over and the deal is not made twice', async () => {
    // Another process claimed the job, created the deal in Pipedrive, and died before writing anything back.
    const lead = await postLead();
    const client = new PipedriveClient({ baseUrl: fake.url, apiToken: fake.token });
    const personId = await client.createPerson({ name: 'Ada Lovelace', email: lead.email });
    await client.createDeal({ title: `Analytical Engines — demo request from Main Website #L${lead.id}`, value: 1950, currency: 'USD', personId });
    const long = new Date(Date.now() - crm.leaseMs - 1000).toISOString();
    await app.db('crm_sync_jobs').where({ kind: 'lead', record_id: lead.id }).update({ state: 'running', locked_by: 'dead', locked_at: long, attempts: 1 });
    startWorker();
    await waitForLeadStatus(lead.id, 'synced');
    expect(fake.deals).toHaveLength(1);
    expect(fake.notes).toHaveLength(1);
  });

  it('sample request - a "Sample pack" deal with the mailing address in a note; its id in pipedriveDealId', async () => {
    startWorker();
    const body = sampleBody({ attribution: { utmSource: 'newsletter' } });
    const res = await api(app.baseUrl, 'POST', '/api/print-samples', body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ pipedriveStatus: 'pending', syncError: null, attribution: { utmSource: 'newsletter' } });
    const row = await vi.waitFor(
      async () => {
        const r = await app.db('sample_requests').where({ id: res.json.id }).first();
        expect(r?.pipedrive_status).toBe('synced');
        return r;
      },
      { timeout: 8000, interval: 20 },
    );
    expect(fake.deals).toHaveLength(1);
    expect(fake.deals[0]!.title).toBe(`Sample pack — Navy Labs #S${res.json.id}`);
    expect(row.pipedrive_deal_id).toBe(String(fake.deals[0]!.id));
    const note = fake.notes[0]!;
    for (const text of ['1 Harbor Way, Suite 2, Arlington, VA 22201', 'Both postcards and letters', 'Leave at the front desk.', 'newsletter']) {
      expect(note.content).toContain(text);
    }
    const list = await api(app.baseUrl, 'GET', '/api/admin/print-samples', undefined, { Cookie: cookie });
    expect(list.json.find((s: { id: number }) => s.id === res.json.id)).toMatchObject({
      pipedriveStatus: 'synced',
      pipedriveDealId: String(fake.deals[0]!.id),
      syncError: null,
    });
  });

  it('sample request - 5xx until the last attempt, then Retry sync - synced with the deal id', async () => {
    fake.failNext(Infinity, { status: 500 });
    startWorker();
    const res = await api(app.baseUrl, 'POST', '/api/print-samples', sampleBody({ company: '' }));
    const id = res.json.id as number;
    const failed = await vi.waitFor(
      async () => {
        const r = await app.db('sample_requests').where({ id }).first();
        expect(r?.pipedrive_status).toBe('sync_failed');
        return r;
      },
      { timeout: 8000, interval: 20 },
    );
    fake.clearFailures();
    expect(failed.sync_error).toMatch(/500/);
    const retry = await api(app.baseUrl, 'POST', `/api/admin/print-samples/${id}/retry-sync`, undefined, { Cookie: cookie });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ id, pipedriveStatus: 'pending', syncError: null });
    const done = await vi.waitFor(
      async () => {
        const r = await app.db('sample_requests').where({ id }).first();
        expect(r?.pipedrive_status).toBe('synced');
        return r;
      },
      { timeout: 8000, interval: 20 },
    );
    expect(fake.deals.map((d) => d.title)).toEqual([`Sample pack — Grace Hopper #S${id}`]);
    expect(done.pipedrive_deal_id).toBe(String(fake.deals[0]!.id));
  });

  it('two server processes on one database - every job synced exactly once', async () => {
    const other = app.connectAgain();
    startWorker(app.db, 'process-a');
    startWorker(other, 'process-b');
    const leads = await Promise.all(Array.from({ length: 12 }, (_, i) => postLead({ company: `Two Workers ${i}` })));
    const samples = await Promise.all(
      Array.from({ length: 4 }, () => api(app.baseUrl, 'POST', '/api/print-samples', sampleBody())),
    );
    for (const lead of leads) await waitForLeadStatus(lead.id, 'synced', 15_000);
    await vi.waitFor(
      async () => {
        const rows = await app.db('sample_requests').whereIn('id', samples.map((s) => s.json.id)).where({ pipedrive_status: 'synced' });
        expect(rows).toHaveLength(samples.length);
      },
      { timeout: 15_000, interval: 20 },
    );
    const dealPosts = fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/deals');
    expect(dealPosts).toHaveLength(leads.length + samples.length);
    expect(fake.deals).toHaveLength(leads.length + samples.length);
    expect(fake.notes).toHaveLength(leads.length + samples.length);
    const jobs = await app.db('crm_sync_jobs').whereIn('record_id', leads.map((l) => l.id)).where({ kind: 'lead' });
    expect(jobs.every((j: { attempts: number; state: string }) => j.attempts === 1 && j.state === 'done')).toBe(true);
  });

  it('two leads with one e-mail and company waiting together, two processes, search lagging 5 s - one person, one organization, two deals', async () => {
    fake.setSearchLag(5000);
    const email = uniqueEmail('twin-jos\u00e9');
    const company = `Twin Co ${crypto.randomBytes(3).toString('hex')}`;
    // Queued before any worker runs, so both are due at once; the second differs in case, spaces and the form of
    // its é (e + U+0301) only: one address, one person.
    const first = await postLead({ email, company });
    const second = await postLead({ email: email.toUpperCase().normalize('NFD'), company: ` ${company.toUpperCase()} ` });
    startWorker(app.db, 'process-a');
    startWorker(app.connectAgain(), 'process-b');
    await waitForLeadStatus(first.id, 'synced', 15_000);
    await waitForLeadStatus(second.id, 'synced', 15_000);
    expect(fake.persons).toHaveLength(1);
    expect(fake.organizations).toHaveLength(1);
    expect(fake.deals).toHaveLength(2);
    expect(fake.deals.map((d) => [d.person_id, d.org_id])).toEqual([
      [fake.persons[0]!.id, fake.organizations[0]!.id],
      [fake.persons[0]!.id, fake.organizations[0]!.id],
    ]);

    // A third lead of the same company, another person, synced while the search still lags: the organization is reused.
    const third = await postLead({ email: uniqueEmail('colleague'), company });
    await waitForLeadStatus(third.id, 'synced', 15_000);
    expect(fake.organizations).toHaveLength(1);
    expect(fake.persons).toHaveLength(2);
    expect(fake.deals.at(-1)).toMatchObject({ org_id: fake.organizations[0]!.id, person_id: fake.persons[1]!.id });
  });

  it('a visitor writes a future lead\'s marker (#L<id>) into company and message - the future lead gets its own deal, the title has no forged marker', async () => {
    const { max } = (await app.db('leads').max({ max: 'id' }).first()) as { max: number | null };
    const victimId = Number(max ?? 0) + 2;
    startWorker();
    const forger = await postLead({ email: uniqueEmail('forger'), company: `Evil Co #L${victimId}`, message: `see #L${victimId}` });
    await waitForLeadStatus(forger.id, 'synced');

    const victim = await postLead({ email: uniqueEmail('victim'), company: 'Honest Ltd' });
    expect(victim.id).toBe(victimId);
    await waitForLeadStatus(victim.id, 'synced');
    expect(fake.deals).toHaveLength(2);
    const victimDeal = fake.deals[1]!;
    expect(victimDeal.title).toBe(`Honest Ltd — demo request from Main Website #L${victim.id}`);
    expect((await jobRow('lead', victim.id)).deal_id).toBe(String(victimDeal.id));
    expect(fake.notes.filter((n) => n.deal_id === victimDeal.id)).toHaveLength(1);
    expect(fake.deals[0]!.title).toBe(`Evil Co — demo request from Main Website #L${forger.id}`);
  });

  it('the retry finds its deal among 600 of the person\'s deals (#L<id>0 and others) past the first page - no second deal', async () => {
    const lead = await postLead();
    const client = new PipedriveClient({ baseUrl: fake.url, apiToken: fake.token });
    const personId = await client.createPerson({ name: 'Ada Lovelace', email: lead.email });
    // A process made the deal and died; later the person gathered 600 newer deals, some titled like ours.
    const dealId = await client.createDeal({ title: `Analytical Engines — demo request from Main Website #L${lead.id}`, value: 1950, currency: 'USD', personId });
    for (let i = 0; i < 600; i++) {
      fake.deals.push({ ...fake.deals[0]!, id: 1_000_000 + i, title: `Analytical Engines — demo request from Main Website #L${lead.id}${i % 10}` });
    }
    const long = new Date(Date.now() - crm.leaseMs - 1000).toISOString();
    await app.db('crm_sync_jobs').where({ kind: 'lead', record_id: lead.id }).update({ state: 'running', locked_by: 'dead', locked_at: long, attempts: 1, person_id: String(personId) });
    startWorker();
    await waitForLeadStatus(lead.id, 'synced');
    expect(fake.deals).toHaveLength(601);
    expect((await jobRow('lead', lead.id)).deal_id).toBe(String(dealId));
    expect(fake.notes.map((n) => n.deal_id)).toEqual([dealId]);
    const pages = fake.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/deals');
    expect(pages.map((r) => r.query.person_id)).toEqual([String(personId), String(personId)]);
  });

  it('admin CRM routes - 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/crm/status'],
      ['POST', '/api/admin/leads/1/retry-sync'],
      ['POST', '/api/admin/print-samples/1/retry-sync'],
    ] as const) {
      const res = await api(app.baseUrl, method, path);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
    const missing = await api(app.baseUrl, 'POST', '/api/admin/leads/999999/retry-sync', undefined, { Cookie: cookie });
    expect(missing.status).toBe(404);
  });
});

describe.each(ENGINES)('CRM not connected on %s', (engine) => {
  const app = useTestApp(engine);

  it('no token - nothing is sent, the status stays new, the job waits; status says not connected; retry refused', async () => {
    expect(app.deps.config.crm.pipedriveApiToken).toBeUndefined();
    const worker = new CrmSyncWorker({ db: app.db, config: app.deps.config, logger: silent });
    worker.start();
    expect(worker.connected).toBe(false);
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ attribution: { utmSource: 'x'.repeat(600) } }));
    expect(res.status).toBe(201);
    // Attribution is cut to 500 characters, never a reason to refuse a lead.
    expect(res.json.attribution).toEqual({ utmSource: 'x'.repeat(500) });
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect((await app.db('leads').where({ id: res.json.id }).first()).status).toBe('new');
    expect(await app.db('crm_sync_jobs').where({ record_id: res.json.id }).first()).toMatchObject({ state: 'pending', attempts: 0 });

    const { cookie } = await signInAs(app);
    const status = await api(app.baseUrl, 'GET', '/api/admin/crm/status', undefined, { Cookie: cookie });
    expect(status.status).toBe(200);
    expect(status.json).toEqual({ connected: false, pending: 1, failed: 0 });
    const retry = await api(app.baseUrl, 'POST', `/api/admin/leads/${res.json.id}/retry-sync`, undefined, { Cookie: cookie });
    expect(retry.status).toBe(409);
    expect(retry.json).toEqual({ message: 'CRM not connected' });
  });
});
