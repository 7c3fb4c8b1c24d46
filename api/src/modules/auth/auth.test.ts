import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/types';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { saveAccount } from '../team/team-service';
import { cookieFrom, createAccount, sessionSetCookie, signIn, startAppWith } from '../../testing/auth';

const PASSWORD = 'correct horse battery';

describe.each(ENGINES)('staff sign-in on %s', (engine) => {
  const app = useTestApp(engine, { config: { trustProxy: true } });
  // Each test signs in from its own address (X-Forwarded-For, trusted here) so the per-address throttle of one
  // test never trips another.
  let ipCounter = 0;
  const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCounter}` });

  beforeAll(async () => {
    await createAccount(app.db, 'ann@example.com', PASSWORD, 'admin', 'Ann Admin');
  });

  it('POST /api/auth/login - right password answers the user and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await signIn(app.baseUrl, 'ANN@example.com ', PASSWORD, fromNewIp());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.any(Number), email: 'ann@example.com', name: 'Ann Admin', role: 'admin' });
    const setCookie = sessionSetCookie(res.headers)!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    expect(setCookie).not.toMatch(/;\s*secure/i);
    expect(setCookie).toMatch(/path=\//);
    // 14 days, give or take the test's own duration.
    const expires = Date.parse(/expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000);

    const me = await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.json).toEqual(res.json);
  });

  it('session cookie over HTTPS behind a trusted proxy - marked Secure', async () => {
    const res = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, { ...fromNewIp(), 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res.headers)).toMatch(/;\s*secure/i);
  });

  it('session row - keyed by a hash of the cookie id, never the id itself', async () => {
    const res = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
    const sid = /dm\.sid=([^;]+)/.exec(res.cookie)![1]!;
    expect(await app.db('sessions').where({ id: sid }).first()).toBeUndefined();
    expect(await app.db('sessions').where({ user_id: res.json.id }).first()).toBeDefined();
  });

  it('wrong password - 401 with the exact message and no session', async () => {
    const res = await signIn(app.baseUrl, 'ann@example.com', 'not the password', fromNewIp());
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Invalid email or password' });
    expect(sessionSetCookie(res.headers)).toBeUndefined();
  });

  it('unknown e-mail - the same 401, after spending the same hashing time', { timeout: 60_000 }, async () => {
    const ip = fromNewIp();
    let started = performance.now();
    const known = await signIn(app.baseUrl, 'ann@example.com', 'not the password', ip);
    const knownMs = performance.now() - started;
    started = performance.now();
    const unknown = await signIn(app.baseUrl, 'nobody@example.com', 'not the password', ip);
    const unknownMs = performance.now() - started;
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(known.json);
    // A loose bound that survives a busy machine: both ran a full scrypt (hundreds of ms), while a skipped
    // hash would answer in a few ms, nearly a hundred times faster.
    expect(unknownMs).toBeGreaterThan(knownMs * 0.2);
  });

  it('bad input - 400 with field errors, never 500', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/auth/login', { email: 'not-an-email' }, fromNewIp());
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ email: 'Please enter a valid email', password: 'Password is required' });
    const odd = await api(app.baseUrl, 'POST', '/api/auth/login', [1, 2], fromNewIp());
    expect(odd.status).toBe(400);
  });

  it('forged, overlong X-Forwarded-For - an ordinary 401, never 500', async () => {
    const res = await signIn(app.baseUrl, 'ann@example.com', 'wrong', { 'X-Forwarded-For': 'x'.repeat(500) });
    expect(res.status).toBe(401);
  });

  it('cross-site POST /api/auth/login - 403', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/auth/login', { email: 'ann@example.com', password: PASSWORD }, {
      Origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    const fetchSite = await api(app.baseUrl, 'POST', '/api/auth/login', { email: 'ann@example.com', password: PASSWORD }, {
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(fetchSite.status).toBe(403);
  });

  // Seven full scrypt runs: slow on a busy machine, hence the longer timeout.
  it('5 failures for one e-mail - the next attempt is 429 with Retry-After, even with the right password', { timeout: 60_000 }, async () => {
    await createAccount(app.db, 'bob@example.com', PASSWORD);
    for (let i = 0; i < 5; i++) {
      // From different addresses: the e-mail's own count is what trips.
      expect((await signIn(app.baseUrl, 'bob@example.com', `wrong ${i}`, fromNewIp())).status).toBe(401);
    }
    const res = await signIn(app.baseUrl, 'bob@example.com', PASSWORD, fromNewIp());
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    expect((await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp())).status).toBe(200);
  });

  it('a success clears the e-mail\'s failures', async () => {
    await createAccount(app.db, 'cy@example.com', PASSWORD);
    // Four earlier failures, written as the service writes them (each real one costs a full scrypt).
    const now = nowIso();
    await app.db('login_attempts').insert(Array.from({ length: 4 }, () => ({ email: 'cy@example.com', ip: '192.0.2.9', created_at: now })));
    expect((await signIn(app.baseUrl, 'cy@example.com', PASSWORD, fromNewIp())).status).toBe(200);
    expect(await app.db('login_attempts').where({ email: 'cy@example.com' }).first()).toBeUndefined();
    expect((await signIn(app.baseUrl, 'cy@example.com', 'wrong', fromNewIp())).status).toBe(401);
  });

  it('20 failures from one address - 429 for any e-mail from it, other addresses unaffected', async () => {
    const ip = fromNewIp();
    // 19 earlier failures from this address (written as the service writes them, to keep the test fast)...
    const now = nowIso();
    await app.db('login_attempts').insert(
      Array.from({ length: 19 }, (_, i) => ({ email: `guess${i}@example.com`, ip: ip['X-Forwarded-For'], created_at: now })),
    );
    // ...and old ones that no longer count.
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await app.db('login_attempts').insert({ email: 'old@example.com', ip: ip['X-Forwarded-For'], created_at: old });
    expect((await signIn(app.baseUrl, 'guess19@example.com', 'wrong', ip)).status).toBe(401);
    const res = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp())).status).toBe(200);
  });

  it('GET /api/auth/user without a session - 401 Unauthorized', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
    const forged = await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: 'dm.sid=abc; dm.sid.sig=def' });
    expect(forged.status).toBe(401);
  });

  it('GET /api/login - to /login?next=/admin when signed out, to /admin when signed in', async () => {
    const out = await api(app.baseUrl, 'GET', '/api/login');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login?next=/admin');
    const { cookie } = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
    const inside = await api(app.baseUrl, 'GET', '/api/login', undefined, { Cookie: cookie });
    expect(inside.status).toBe(302);
    expect(inside.headers.get('location')).toBe('/admin');
  });

  it('GET /api/login?next= - back to the admin screen the person was on (an alert\'s lead too), never elsewhere', async () => {
    const out = await api(app.baseUrl, 'GET', `/api/login?next=${encodeURIComponent('/admin?lead=42')}`);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login?next=/admin%3Flead%3D42');
    expect(new URL(out.headers.get('location')!, 'http://x').searchParams.get('next')).toBe('/admin?lead=42');
    for (const bad of ['https://evil.example/admin', '//evil.example', '/admin//evil.example', '/adminx', '/login', '/admin\\evil', '/admin\n']) {
      const refused = await api(app.baseUrl, 'GET', `/api/login?next=${encodeURIComponent(bad)}`);
      expect(refused.headers.get('location'), bad).toBe('/login?next=/admin');
    }
    const { cookie } = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
    const inside = await api(app.baseUrl, 'GET', '/api/login?next=/admin/mail', undefined, { Cookie: cookie });
    expect(inside.headers.get('location')).toBe('/admin/mail');
  });

  it('GET /api/logout - deletes the session, clears the cookie, redirects to /; the old cookie then gets 401', async () => {
    const { cookie, json: user } = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
    const before = await app.db('sessions').where({ user_id: user.id }).count({ n: '*' }).first();
    const res = await api(app.baseUrl, 'GET', '/api/logout', undefined, { Cookie: cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const cleared = sessionSetCookie(res.headers)!;
    expect(cleared).toMatch(/^dm\.sid=;/);
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);
    const after = await app.db('sessions').where({ user_id: user.id }).count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(before!.n) - 1);

    const replay = await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookie });
    expect(replay.status).toBe(401);
  });

  it('sign-in - issues a fresh session id, so an id held before sign-in is worthless after it', async () => {
    const first = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
    const second = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, { ...fromNewIp(), Cookie: first.cookie });
    expect(second.status).toBe(200);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: first.cookie })).status).toBe(401);
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: second.cookie })).status).toBe(200);
  });

  it('a password reset through user:add - ends that account\'s sessions', async () => {
    await createAccount(app.db, 'dee@example.com', PASSWORD);
    const { cookie } = await signIn(app.baseUrl, 'dee@example.com', PASSWORD, fromNewIp());
    await saveAccount(app.db, { email: 'dee@example.com', password: 'a brand new password' }, nowIso());
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookie })).status).toBe(401);
    expect((await signIn(app.baseUrl, 'dee@example.com', 'a brand new password', fromNewIp())).status).toBe(200);
  });

  it('two app instances on one database - share sessions both ways', async () => {
    const other = await startAppWith(app.connectAgain(), { trustProxy: true });
    try {
      const { cookie } = await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp());
      const seen = await api(other.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookie });
      expect(seen.status).toBe(200);
      expect(seen.json.email).toBe('ann@example.com');
      await api(other.baseUrl, 'GET', '/api/logout', undefined, { Cookie: cookie });
      expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookie })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('cookie handling - a fresh visitor gets no session cookie and no session row', async () => {
    const before = await app.db('sessions').count({ n: '*' }).first();
    const res = await api(app.baseUrl, 'GET', '/api/health');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(cookieFrom(res.headers)).toBe('');
    const after = await app.db('sessions').count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });
});
