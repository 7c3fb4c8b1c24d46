// Erasing a person reaches Pipedrive through the sync worker's queue: real app, real database (SQLite, and
// PostgreSQL with TEST_DATABASE_URL), a real worker, and the fake Pipedrive over real HTTP, taken down and
// brought back up. What the product made (the person it created, every deal and note) is deleted; a person
// staff had made by hand is left, as the screen says.
import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, api, testConfig, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { startFakePipedrive, type FakePipedrive } from '../../testing/fake-pipedrive';
import { columnsHolding } from '../../db/catalogue';
import type { CrmConfig } from '../../config';
import type { PersonRecords, PipedriveErasureStatus } from '../../contract';
import { leadBody } from '../../testing/leads';
import { CrmSyncWorker } from '../crm/crm-worker';

/** The CRM worker's pace: it polls every few milliseconds and backs off in tens. */
const WAIT = { timeout: 10_000, interval: 20 };

const sampleBody = (email: string) => ({
  firstName: 'Paula',
  lastName: 'Pipe',
  email,
  company: 'Pipe Works',
  addressLine1: '7 Valve Road',
  city: 'Tulsa',
  state: 'OK',
  zip: '74101',
  sampleType: 'postcards',
  elapsedMs: 8000,
});

describe.each(ENGINES)('erasing a person in Pipedrive on %s', (engine) => {
  let fake: FakePipedrive;
  let crm: CrmConfig;
  let admin: SignedIn;
  let worker: CrmSyncWorker;
  beforeAll(async () => {
    fake = await startFakePipedrive();
    crm = { ...testConfig().crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url, maxAttempts: 2, backoffMs: 20, maxBackoffMs: 200, pollMs: 30 };
  });
  afterAll(async () => {
    await fake.close();
  });
  const app = useTestApp(engine, () => ({ config: { crm } }));
  beforeAll(async () => {
    admin = await signInAs(app);
    worker = new CrmSyncWorker({ db: app.db, config: { crm }, logger: pino({ level: 'silent' }), workerId: 'privacy-worker' });
    worker.start();
  });
  afterEach(() => fake.setDown(false));
  afterAll(async () => {
    await worker.stop();
  });

  const post = (path: string, body: unknown) => api(app.baseUrl, 'POST', path, body, { Cookie: admin.cookie });
  const holds = (email: string) => ({
    persons: fake.persons.filter((p) => p.emails.some((e) => e.value.toLowerCase() === email)).length,
    deals: fake.deals.filter((d) => d.title.includes('Paula') || d.title.includes('Pipe Works')).length,
  });
  const synced = async (email: string) => {
    const lead = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email, firstName: 'Paula', lastName: 'Pipe', company: 'Pipe Works' }));
    const sample = await api(app.baseUrl, 'POST', '/api/print-samples', sampleBody(email));
    expect([lead.status, sample.status]).toEqual([201, 201]);
    await vi.waitFor(
      async () => expect(await app.db('crm_sync_jobs').whereIn('record_id', [lead.json.id, sample.json.id]).where('state', 'done')).toHaveLength(2),
      WAIT,
    );
    return { leadId: lead.json.id as number, sampleId: sample.json.id as number };
  };
  const status = async () => (await api(app.baseUrl, 'GET', '/api/admin/people/pipedrive-erasures', undefined, { Cookie: admin.cookie })).json as PipedriveErasureStatus;

  it('Pipedrive down while a person is erased - the deletion waits in the queue with its error, and once Pipedrive is back the person, both deals and their notes are gone', async () => {
    const email = `paula.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { leadId, sampleId } = await synced(email);
    const deals = fake.deals.filter((d) => d.title.endsWith(`#L${leadId}`) || d.title.endsWith(`#S${sampleId}`));
    expect(deals).toHaveLength(2);
    expect(fake.notes.filter((n) => deals.some((d) => d.id === n.deal_id))).toHaveLength(2);
    expect(((await post('/api/admin/people/find', { email })).json as PersonRecords).pipedrive).toEqual({ persons: 1, deals: 2 });

    fake.setDown(true);
    const res = await post('/api/admin/people/erase', { email });
    expect(res.status).toBe(200);
    expect(res.json.removed).toMatchObject({ leads: 1, sampleRequests: 1, crmJobs: 2, pipedrivePersons: 1, pipedriveDeals: 2 });
    // The database holds nothing of the person at once; Pipedrive still does, and the queue says why.
    expect(await columnsHolding(app.db, email)).toEqual([]);
    const waiting = await vi.waitFor(async () => {
      const s = await status();
      expect(s.waiting === 1 && s.lastError).toBeTruthy();
      return s;
    }, WAIT);
    expect(waiting).toMatchObject({ connected: true, waiting: 1, lastError: expect.stringMatching(/^GET \/api\/v1\/notes: /) });
    // Past the sync's 2 attempts, an erasure is still not given up.
    await vi.waitFor(
      async () => expect(Number((await app.db('crm_sync_jobs').where({ kind: 'erasure' }).whereNot('state', 'done').max({ n: 'attempts' }).first())?.n)).toBeGreaterThan(2),
      WAIT,
    );
    expect(holds(email)).toEqual({ persons: 1, deals: 2 });

    fake.setDown(false);
    await vi.waitFor(async () => expect((await status()).waiting).toBe(0), WAIT);
    expect(fake.persons.filter((p) => p.emails.some((e) => e.value === email))).toEqual([]);
    expect(fake.deals.filter((d) => deals.some((x) => x.id === d.id))).toEqual([]);
    expect(fake.notes.filter((n) => n.content.includes(`#L${leadId}`) || n.content.includes(`#S${sampleId}`))).toEqual([]);
    // The list of Pipedrive ids goes once they are deleted.
    expect(await app.db('crm_erasures').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('a person staff made in Pipedrive by hand - the deal and note the product made are deleted, the person is left', async () => {
    const email = `hand.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const made = await fetch(`${fake.url}/api/v2/persons`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-token': fake.token },
      body: JSON.stringify({ name: 'Hand Made', emails: [{ value: email, primary: true, label: 'work' }] }),
    });
    const personId = ((await made.json()) as { data: { id: number } }).data.id;
    const lead = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email }));
    await vi.waitFor(async () => expect((await app.db('leads').where({ id: lead.json.id }).first())?.status).toBe('synced'), WAIT);
    const deal = fake.deals.find((d) => d.title.endsWith(`#L${lead.json.id}`))!;
    expect(deal.person_id).toBe(personId);
    expect(((await post('/api/admin/people/find', { email })).json as PersonRecords).pipedrive).toEqual({ persons: 0, deals: 1 });

    const res = await post('/api/admin/people/erase', { email });
    expect(res.json.removed).toMatchObject({ leads: 1, pipedrivePersons: 0, pipedriveDeals: 1 });
    await vi.waitFor(async () => expect((await status()).waiting).toBe(0), WAIT);
    expect(fake.deals.find((d) => d.id === deal.id)).toBeUndefined();
    expect(fake.notes.filter((n) => n.content.includes(`#L${lead.json.id}`))).toEqual([]);
    expect(fake.persons.map((p) => p.id)).toContain(personId);
  });
});
