import { describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { cookieFrom, createAccount } from '../../testing/auth';
import { announceSetupLink, createSetupToken } from './setup-link';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const admin = { name: 'First Admin', email: 'First@Example.com', password: 'a long first password' };

describe.each(ENGINES)('first-run setup on %s', (engine) => {
  const app = useTestApp(engine);

  it('setup link - works once, signs the admin in, then every link is dead (410)', async () => {
    const lines: string[] = [];
    const url = (await announceSetupLink(app.deps, 'http://localhost:3000/', (l) => lines.push(l)))!;
    expect(lines).toEqual([`First run: create the first admin account at ${url} (valid for 1 hour; restart the server for a new link)`]);
    expect(url).toMatch(/^http:\/\/localhost:3000\/setup\?token=[\w-]{40,}$/);
    // A second start (or a second process on the same database) prints a link of its own: both work until one
    // is used. Only hashes are stored.
    const other = tokenOf(url);
    const token = tokenOf((await announceSetupLink(app.deps, 'http://localhost:3000', () => {}))!);
    expect(await app.db('setup_tokens').where({ token_hash: token }).first()).toBeUndefined();
    expect((await api(app.baseUrl, 'GET', `/api/auth/setup?token=${other}`)).status).toBe(200);

    const check = await api(app.baseUrl, 'GET', `/api/auth/setup?token=${token}`);
    expect(check.status).toBe(200);
    expect(check.json).toEqual({ valid: true });

    const weak = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.password).toBe('Password must be at least 10 characters');

    const created = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number), email: 'first@example.com', name: 'First Admin', role: 'admin' });
    const me = await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: cookieFrom(created.headers) });
    expect(me.json).toEqual(created.json);

    // Used, the link and every other printed one are dead, and say to sign in.
    for (const dead of [token, other]) {
      const again = await api(app.baseUrl, 'GET', `/api/auth/setup?token=${dead}`);
      expect(again.status).toBe(410);
      expect(again.json).toEqual({ message: 'An account already exists. Sign in instead.' });
      const reuse = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, email: 'second@example.com', token: dead });
      expect(reuse.status).toBe(410);
    }
    expect(await app.db('users').count({ n: '*' }).first()).toEqual({ n: 1 });
    // With an account in place, a restart prints nothing.
    const quiet: string[] = [];
    expect(await announceSetupLink(app.deps, 'http://localhost:3000', (l) => quiet.push(l))).toBeNull();
    expect(quiet).toEqual([]);
  });

  it('unknown or missing token - 404 with a message', async () => {
    for (const path of ['/api/auth/setup?token=nope', '/api/auth/setup', '/api/auth/setup?token=a&token=b']) {
      const res = await api(app.baseUrl, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.json.message).toMatch(/not valid/);
    }
    const post = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token: 'nope' });
    expect(post.status).toBe(404);
  });
});

describe.each(ENGINES)('setup refused once an account exists on %s', (engine) => {
  const app = useTestApp(engine);

  it('unused link after user:add made an account - 410, and no second admin', async () => {
    const token = await createSetupToken(app.deps);
    await createAccount(app.db, 'made-by-cli@example.com', 'a long cli password');
    const check = await api(app.baseUrl, 'GET', `/api/auth/setup?token=${token}`);
    expect(check.status).toBe(410);
    expect(check.json).toEqual({ message: 'An account already exists. Sign in instead.' });
    const post = await api(app.baseUrl, 'POST', '/api/auth/setup', { ...admin, token });
    expect(post.status).toBe(410);
    expect(await app.db('users').count({ n: '*' }).first()).toEqual({ n: 1 });
  });
});
