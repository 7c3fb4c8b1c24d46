// The event view for staff: one event's figures counted by the database, and its leads as CSV.
// Real HTTP and sessions, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import type { CaptureInput } from '../../contract';

// Spaces, a slash, an ampersand and a quote: the name travels URL-encoded in the path.
const EVENT = 'Print & Mail / "Expo" 2026';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe.each(ENGINES)('event summary on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rita: SignedIn;
  let otto: SignedIn;
  const path = (suffix: string, name = EVENT) => `/api/admin/events/${encodeURIComponent(name)}/${suffix}`;
  const get = (p: string, who: SignedIn = admin) => api(app.baseUrl, 'GET', p, undefined, { Cookie: who.cookie });

  const capture = async (who: SignedIn, overrides: Partial<CaptureInput> = {}) => {
    const key = crypto.randomUUID();
    const body: CaptureInput = { eventName: EVENT, firstName: 'E', lastName: 'Vent', email: `ev-${crypto.randomBytes(4).toString('hex')}@example.com`, ...overrides };
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', body, { Cookie: who.cookie, 'Idempotency-Key': key });
    expect([200, 201]).toContain(res.status);
    return { key, id: res.json.id as number, email: body.email };
  };
  const photo = async (who: SignedIn, key: string) => {
    const res = await fetch(`${app.baseUrl}/api/capture/photos/${key}`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg', Cookie: who.cookie }, body: JPEG });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db);
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rita = await signInAs(app, 'rep', 'Rita Rep');
    otto = await signInAs(app, 'rep', 'Otto Other');

    const a = await capture(rita, { rating: 'hot', consent: true, consentTextVersion: 'v1' });
    await photo(rita, a.key);
    // A merge into a: still one lead, a second photo on it counts the lead once.
    const again = await capture(otto, { email: a.email, rating: 'hot' });
    await photo(otto, again.key);
    const b = await capture(rita, { rating: 'warm' });
    await photo(rita, b.key);
    await capture(rita, { rating: 'cold' });
    const d = await capture(otto, {});
    await capture(otto, { rating: 'hot', consent: true, consentTextVersion: 'v1' });
    await testDb.db('leads').where({ id: a.id }).update({ status: 'synced' });
    await testDb.db('leads').where({ id: d.id }).update({ status: 'sync_failed' });
    // Another event and a website lead stay out of the figures.
    await capture(rita, { eventName: 'Other Show', rating: 'hot' });
    await api(app.baseUrl, 'POST', '/api/leads', { firstName: 'W', lastName: 'Eb', email: 'web-ev@example.com' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('summary - leads per rep, by rating, with photos, CRM state and consent, counted over that event only', async () => {
    const res = await get(path('summary'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      name: EVENT,
      leadCount: 5,
      firstCapturedAt: expect.stringMatching(/Z$/),
      lastCapturedAt: expect.stringMatching(/Z$/),
      byRep: [
        { userId: rita.user.id, name: 'Rita Rep', leadCount: 3 },
        { userId: otto.user.id, name: 'Otto Other', leadCount: 2 },
      ],
      byRating: { hot: 2, warm: 1, cold: 1, unrated: 1 },
      withPhotos: 2,
      crm: { synced: 1, pending: 3, failed: 1 },
      consent: { given: 2, notGiven: 3 },
    });
    expect(res.json.firstCapturedAt <= res.json.lastCapturedAt).toBe(true);
  });

  it('summary matches the event\'s lead list', async () => {
    const summary = (await get(path('summary'))).json;
    const leads = (await get(`/api/admin/leads?event=${encodeURIComponent(EVENT)}&limit=500`)).json as { rating: string | null; hasPhoto: boolean }[];
    expect(leads).toHaveLength(summary.leadCount);
    expect(leads.filter((l) => l.rating === 'hot')).toHaveLength(summary.byRating.hot);
    expect(leads.filter((l) => l.hasPhoto)).toHaveLength(summary.withPhotos);
  });

  it('CSV per event - attachment named after the event, only its leads', async () => {
    const res = await get(path('leads.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-print-mail-expo-2026-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.text.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(res.text).not.toContain('Other Show');
    expect(res.text).not.toContain('web-ev@example.com');
  });

  it('an unknown event - 404 for the summary and the CSV; a name too long - 400', async () => {
    expect((await get(path('summary', 'No Such Show'))).status).toBe(404);
    expect((await get(path('leads.csv', 'No Such Show'))).json).toEqual({ message: 'Event not found' });
    expect((await get(path('summary', 'x'.repeat(201)))).status).toBe(400);
  });

  it('a rep - 403; signed out - 401', async () => {
    expect((await get(path('summary'), rita)).status).toBe(403);
    expect((await get(path('leads.csv'), rita)).status).toBe(403);
    expect((await api(app.baseUrl, 'GET', path('summary'))).status).toBe(401);
  });
});
