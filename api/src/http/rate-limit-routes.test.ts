// The public POST limit is attached to the routes, so every spelling the router accepts counts; and a
// submission without the form's fill time has a smaller budget of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWith } from '../testing/auth';
import { ENGINES, api, createTestDb, type TestApp, type TestDb } from '../testing/test-app';

// A person's lead as the site's form sends it (fill time included), so only the limit can refuse it.
const lead = (n: number) => ({ firstName: 'Rae', lastName: `Limit ${n}`, email: `rae${n}@example.com`, elapsedMs: 8000 });
const sample = (n: number) => ({
  firstName: 'Sam', lastName: `Limit ${n}`, email: `sam${n}@example.com`, addressLine1: '1 Main St', city: 'Austin',
  state: 'TX', zip: '78701', sampleType: 'postcards', elapsedMs: 8000,
});

describe.each(ENGINES)('public POST limit on the routes themselves on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  // Half-way through a minute, so the window cannot roll over mid-test.
  const now = Date.parse('2026-03-02T10:15:30.000Z');
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startAppWith(testDb.db, { rateLimitPerMinute: 5, untimedRateLimitPerMinute: 2, trustProxy: true }, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('mixed-case paths and trailing slashes - all count toward one limit; the 6th is 429 and stores nothing', async () => {
    const ip = from('198.51.100.20');
    const paths = ['/api/LEADS', '/api/Leads/', '/api/leads', '/api/lEaDs', '/api/LEADS/'];
    for (const [i, path] of paths.entries()) {
      const res = await api(app.baseUrl, 'POST', path, lead(i), ip);
      expect(res.status, path).toBe(201);
    }
    const sixth = await api(app.baseUrl, 'POST', '/api/Leads/', lead(6), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ message: 'Too many requests. Please try again in a minute.' });
    expect(sixth.headers.get('retry-after')).toBe('30');
    expect(await testDb.db('leads').where('email', 'rae6@example.com').first()).toBeUndefined();
  });

  it('sample requests by any spelling - limited the same way, sharing the count with leads', async () => {
    const ip = from('198.51.100.21');
    expect((await api(app.baseUrl, 'POST', '/api/PRINT-SAMPLES', sample(1), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/Leads', lead(11), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/print-samples/', sample(2), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/LEADS/', lead(12), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/Print-Samples', sample(3), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/Print-Samples/', sample(4), ip)).status).toBe(429);
  });

  it('submissions without elapsedMs - the 3rd in a minute is 429, while timed ones from that address still pass', async () => {
    const ip = from('198.51.100.22');
    const untimed = (n: number) => {
      const { elapsedMs: _omitted, ...body } = lead(n);
      return body;
    };
    expect((await api(app.baseUrl, 'POST', '/api/leads', untimed(21), ip)).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/LEADS', untimed(22), ip)).status).toBe(201);
    const third = await api(app.baseUrl, 'POST', '/api/leads', untimed(23), ip);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ message: 'Too many requests. Please try again in a minute.' });
    expect(await testDb.db('leads').where('email', 'rae23@example.com').first()).toBeUndefined();
    // The browser's form always sends the fill time: it keeps the general budget (4th request of this address, under 5).
    expect((await api(app.baseUrl, 'POST', '/api/leads', lead(24), ip)).status).toBe(201);
  });
});
