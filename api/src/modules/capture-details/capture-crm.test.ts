// A captured lead's qualification and consent reach Pipedrive in the deal's note: real app, real
// worker, the fake Pipedrive over real HTTP, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ENGINES, api, createTestDb, startTestApp, testConfig, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { startFakePipedrive, type FakePipedrive } from '../../testing/fake-pipedrive';
import { CrmSyncWorker } from '../crm/crm-worker';

describe.each(ENGINES)('captured lead to the CRM on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let fake: FakePipedrive;
  let worker: CrmSyncWorker;
  let rep: SignedIn;

  beforeAll(async () => {
    fake = await startFakePipedrive();
    testDb = await createTestDb(engine);
    const crm = { ...testConfig().crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url, maxAttempts: 3, backoffMs: 10, pollMs: 50 };
    app = await startTestApp(testDb.db, { config: { ...testConfig({ rateLimitPerMinute: null }), crm } });
    rep = await signInAs(app, 'rep', 'Rita Rep');
    worker = new CrmSyncWorker({ db: testDb.db, config: { crm }, logger: pino({ level: 'silent' }), workerId: 'w1' });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await testDb.drop();
    await fake.close();
  });

  const captureAndSync = async (body: Record<string, unknown>) => {
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', body, { Cookie: rep.cookie, 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
    await vi.waitFor(async () => expect((await testDb.db('leads').where({ id: res.json.id }).first())?.status).toBe('synced'), { timeout: 8000, interval: 20 });
    const deal = fake.deals.find((d) => d.title.endsWith(`#L${res.json.id}`))!;
    return fake.notes.find((note) => note.deal_id === deal.id)!;
  };

  it('rating, interests, follow-up and consent - in the deal note, as labels', async () => {
    const note = await captureAndSync({
      eventName: 'CRM Expo', firstName: 'Cora', lastName: 'Crm', email: `cora-${crypto.randomBytes(3).toString('hex')}@example.com`,
      rating: 'hot', interests: ['postcards', 'informed-delivery'], followUp: 'samples', notes: 'Booth chat',
      consent: true, consentTextVersion: 'v7', consentAt: '2026-03-04T05:06:07.000Z',
    });
    expect(note.content).toContain('<b>Rating:</b> Hot');
    expect(note.content).toContain('<b>Interests:</b> Postcards, Informed Delivery');
    expect(note.content).toContain('<b>Follow-up:</b> Send samples');
    expect(note.content).toContain('<b>Consent to contact:</b> Yes (wording v7, 2026-03-04T05:06:07.000Z)');
    expect(note.content).toContain('Booth chat');
  });

  it('no consent - the note says No, so sales know before they call', async () => {
    const note = await captureAndSync({ eventName: 'CRM Expo', firstName: 'Nora', lastName: 'None', email: `nora-${crypto.randomBytes(3).toString('hex')}@example.com` });
    expect(note.content).toContain('<b>Consent to contact:</b> No');
    expect(note.content).not.toContain('Rating:');
  });
});
