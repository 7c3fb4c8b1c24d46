import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWith } from '../testing/auth';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../testing/test-app';

describe.each(ENGINES)('public POST rate limit on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  // A clock the test moves: half-way through a minute, so the window cannot roll over mid-test.
  let now = Date.parse('2026-03-02T10:15:30.000Z');
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startAppWith(testDb.db, { rateLimitPerMinute: 3, trustProxy: true }, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  // The bodies are empty, so a POST the limit lets through is answered 400 by validation: the exact status
  // tells "passed the limit" from "refused" (429) and from a crash (500).
  it('4th POST in a minute from one address - 429 with Retry-After; the first three pass', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api(app.baseUrl, 'POST', '/api/leads', {}, from('198.51.100.1'));
      expect(res.status).toBe(400);
    }
    const res = await api(app.baseUrl, 'POST', '/api/leads', {}, from('198.51.100.1'));
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ message: 'Too many requests. Please try again in a minute.' });
    expect(res.headers.get('retry-after')).toBe('30');
  });

  it('leads and sample requests share the count; GETs and other addresses do not count', async () => {
    const ip = from('198.51.100.2');
    await api(app.baseUrl, 'POST', '/api/leads', {}, ip);
    await api(app.baseUrl, 'POST', '/api/print-samples', {}, ip);
    expect((await api(app.baseUrl, 'GET', '/api/health', undefined, ip)).status).toBe(200);
    expect((await api(app.baseUrl, 'POST', '/api/print-samples', {}, ip)).status).toBe(400);
    expect((await api(app.baseUrl, 'POST', '/api/print-samples', {}, ip)).status).toBe(429);
    expect((await api(app.baseUrl, 'POST', '/api/leads', {}, from('198.51.100.3'))).status).toBe(400);
  });

  it('next minute - the address may post again', async () => {
    const ip = from('198.51.100.4');
    for (let i = 0; i < 4; i++) await api(app.baseUrl, 'POST', '/api/leads', {}, ip);
    expect((await api(app.baseUrl, 'POST', '/api/leads', {}, ip)).status).toBe(429);
    now += 60_000;
    expect((await api(app.baseUrl, 'POST', '/api/leads', {}, ip)).status).toBe(400);
  });

  it('forged, overlong X-Forwarded-For - counted, never 500', async () => {
    const forged = from('y'.repeat(500));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(app.baseUrl, 'POST', '/api/leads', {}, forged)).status);
    // Counted: the address is refused once it has used up the limit of three, like any other.
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('parallel requests - every one is counted (one atomic upsert each)', async () => {
    const ip = from('198.51.100.5');
    const statuses = await Promise.all(Array.from({ length: 8 }, () => api(app.baseUrl, 'POST', '/api/leads', {}, ip).then((r) => r.status)));
    expect(statuses.sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
    const row = await testDb.db('rate_limits').where({ bucket: 'public-post:198.51.100.5' }).first();
    expect(Number(row.count)).toBe(8);
  });
});

describe.each(ENGINES)('public POST rate limit turned off on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db); // rateLimitPerMinute: null, as RATE_LIMIT=off
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('RATE_LIMIT=off - no POST is refused and nothing is counted', async () => {
    for (let i = 0; i < 6; i++) expect((await api(app.baseUrl, 'POST', '/api/leads', {})).status).toBe(400);
    expect(await testDb.db('rate_limits').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
