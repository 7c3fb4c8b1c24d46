// GET /api/logout reached from another site keeps the session and asks for a same-site confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, type TestApp, type TestDb } from '../../testing/test-app';
import { createAccount, sessionSetCookie, signIn, startAppWith } from '../../testing/auth';

const PASSWORD = 'correct horse battery';

describe.each(ENGINES)('logout started by another site on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let ipCounter = 0;
  const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCounter}` });
  const signedIn = async () => (await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp())).cookie;
  const stillSignedIn = async (cookie: string) => (await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookie })).status === 200;

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startAppWith(testDb.db, { trustProxy: true });
    await createAccount(testDb.db, 'ann@example.com', PASSWORD, 'admin', 'Ann Admin');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('GET /api/logout with Sec-Fetch-Site: cross-site - session kept, a page with a same-site Sign out button', { timeout: 60_000 }, async () => {
    const cookie = await signedIn();
    for (const site of ['cross-site', 'same-site']) {
      const res = await api(app.baseUrl, 'GET', '/api/logout', undefined, { Cookie: cookie, 'Sec-Fetch-Site': site });
      expect(res.status, site).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>');
      expect(sessionSetCookie(res.headers)).toBeUndefined();
      expect(await stillSignedIn(cookie)).toBe(true);
    }
  });

  it('the confirmation button (a same-origin POST) - ends the session and goes to /', { timeout: 60_000 }, async () => {
    const cookie = await signedIn();
    const res = await api(app.baseUrl, 'POST', '/api/logout', undefined, {
      Cookie: cookie, Origin: app.baseUrl, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(sessionSetCookie(res.headers)).toMatch(/^dm\.sid=;/);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it('another site\'s form POST to /api/logout - 403, session kept', { timeout: 60_000 }, async () => {
    const cookie = await signedIn();
    const res = await api(app.baseUrl, 'POST', '/api/logout', undefined, { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('GET /api/logout from the site itself (or typed in) - ends the session and redirects to /', { timeout: 60_000 }, async () => {
    for (const site of ['same-origin', 'none']) {
      const cookie = await signedIn();
      const res = await api(app.baseUrl, 'GET', '/api/logout', undefined, { Cookie: cookie, 'Sec-Fetch-Site': site });
      expect(res.status, site).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(await stillSignedIn(cookie)).toBe(false);
    }
  });
});
