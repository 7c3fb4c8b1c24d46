// Setup links expire after an hour; every printed link works until the first admin exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { createSetupToken } from './setup-link';

const admin = { name: 'First Admin', email: 'first@example.com', password: 'a long first password' };

describe.each(ENGINES)('setup link lifetime on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let now = Date.parse('2026-03-02T10:00:00.000Z');

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('a link older than 1 hour - 410 with a message, and it cannot create the admin', async () => {
    const token = await createSetupToken(app.deps);
    now += 59 * 60_000;
    expect((await api(app.baseUrl, 'GET', `/api/auth/setup?token=${token}`)).status).toBe(200);
    now += 2 * 60_000;
    const check = await api(app.baseUrl, 'GET', `/api/auth/setup?token=${token}`);
    expect(check.status).toBe(410);
    expect(check.json).toEqual({ message: 'This setup link has expired. Restart the server to print a new one.' });
    const post = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token });
    expect(post.status).toBe(410);
    expect(await testDb.db('users').first()).toBeUndefined();
  });

  it('a newer link printed (another start) - the older unused link still works until one is used', { timeout: 60_000 }, async () => {
    const older = await createSetupToken(app.deps);
    now += 1000;
    const newer = await createSetupToken(app.deps);
    expect((await api(app.baseUrl, 'GET', `/api/auth/setup?token=${older}`)).status).toBe(200);
    const created = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token: older });
    expect(created.status).toBe(201);
    const late = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, email: 'late@example.com', token: newer });
    expect(late.status).toBe(410);
    expect(late.json).toEqual({ message: 'An account already exists. Sign in instead.' });
  });
});
