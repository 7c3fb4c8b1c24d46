// "Forgot password?" over real HTTP on both engines: one answer whatever the address, a link that works once, for
// an hour, only while it is the newest, and ends the account's other sessions; limits per address and per IP
// answered 429 with a message; an audit line. The link is read from the queued message, as the person reads it.
import { afterEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../contract';
import { createAccount, signIn } from '../../testing/auth';
import { api, ENGINES, useTestApp } from '../../testing/test-app';
import { FORGOT_LINK_MESSAGES, FORGOT_RATE_LIMITED, LINK_MESSAGES } from './account-links';

const PASSWORD = 'the old passphrase here';

describe.each(ENGINES)('forgot password on %s', (engine) => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  // Behind a proxy that says who asked, so each test asks from an address of its own (the per-IP limit is per hour).
  const app = useTestApp(engine, () => ({ config: { trustProxy: true }, clock }));
  let ipCount = 0;
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCount}` });
  afterEach(() => {
    offsetMs += 2 * 60 * 60 * 1000; // a fresh hour: the limits start again
  });

  const ask = (email: string, headers: Record<string, string> = from()) => api(app.baseUrl, 'POST', '/api/auth/forgot-password', { email }, headers);
  const mailsTo = (email: string) => app.db('mail_messages').where({ to_address: email, kind: 'forgot_password' }).orderBy('id');
  async function linkTo(email: string): Promise<string> {
    const rows = await mailsTo(email);
    const text = rows.at(-1)!.text_body as string;
    return new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(text)![0]).searchParams.get('token')!;
  }
  const use = (token: string, password = 'a new passphrase of mine') => api(app.baseUrl, 'POST', '/api/auth/account-link', { token, password });

  it('known, unknown and deactivated addresses - the same 202 and words; only the active account is mailed', async () => {
    await createAccount(app.db, 'known@example.com', PASSWORD, 'rep', 'Known Person');
    const gone = await createAccount(app.db, 'gone@example.com', PASSWORD, 'rep', 'Gone Person');
    await createAccount(app.db, 'boss@example.com', PASSWORD, 'admin', 'Boss');
    const boss = await signIn(app.baseUrl, 'boss@example.com', PASSWORD);
    expect((await api(app.baseUrl, 'POST', `/api/admin/users/${gone.id}/deactivate`, undefined, { Cookie: boss.cookie })).status).toBe(200);
    const answers = [await ask('known@example.com'), await ask('nobody@example.com'), await ask('gone@example.com')];
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await mailsTo('known@example.com')).toHaveLength(1);
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
    expect(await mailsTo('gone@example.com')).toHaveLength(0);
  });

  it('the link - works once, signs in, ends the other sessions; a second use is 410 used', async () => {
    await createAccount(app.db, 'once@example.com', PASSWORD, 'admin', 'Once Person');
    const other = await signIn(app.baseUrl, 'once@example.com', PASSWORD);
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: other.cookie })).status).toBe(200);
    expect((await ask('Once@Example.com')).status).toBe(202);
    const token = await linkTo('once@example.com');
    const info = await api(app.baseUrl, 'GET', `/api/auth/account-link?token=${token}`);
    expect(info.json).toMatchObject({ kind: 'forgot', email: 'once@example.com' });
    const done = await use(token);
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ email: 'once@example.com' });
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: other.cookie })).status).toBe(401);
    expect((await signIn(app.baseUrl, 'once@example.com', 'a new passphrase of mine')).status).toBe(200);
    const again = await use(token, 'yet another passphrase');
    expect(again.status).toBe(410);
    expect(again.json).toEqual({ message: LINK_MESSAGES.used });
  });

  it('the link after an hour - 410 expired, saying to ask again; a minute before, it works', async () => {
    await createAccount(app.db, 'hour@example.com', PASSWORD, 'rep', 'Hour Person');
    await ask('hour@example.com');
    const late = await linkTo('hour@example.com');
    offsetMs += 60 * 60 * 1000;
    const expired = await use(late);
    expect(expired.status).toBe(410);
    expect(expired.json).toEqual({ message: FORGOT_LINK_MESSAGES.expired });

    await ask('hour@example.com');
    const inTime = await linkTo('hour@example.com');
    offsetMs += 59 * 60 * 1000;
    expect((await use(inTime)).status).toBe(201);
  });

  it('two links asked for - only the newest works', async () => {
    await createAccount(app.db, 'newest@example.com', PASSWORD, 'rep', 'Newest Person');
    await ask('newest@example.com');
    const first = await linkTo('newest@example.com');
    offsetMs += 1000; // one message per cause: a second ask is a second cause
    await ask('newest@example.com');
    const second = await linkTo('newest@example.com');
    expect(second).not.toBe(first);
    const old = await use(first);
    expect(old.status).toBe(410);
    expect(old.json).toEqual({ message: FORGOT_LINK_MESSAGES.replaced });
    expect((await use(second)).status).toBe(201);
  });

  it('per address - the fourth ask in an hour is 429 with a message, from any IP; the next hour is answered again', async () => {
    await createAccount(app.db, 'limited@example.com', PASSWORD, 'rep', 'Limited Person');
    for (let i = 0; i < 3; i++) expect((await ask('limited@example.com')).status).toBe(202);
    const refused = await ask('LIMITED@example.com');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: FORGOT_RATE_LIMITED });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // An address without an account is limited the same way: the limit tells nothing either.
    for (let i = 0; i < 3; i++) expect((await ask('stranger@example.com')).status).toBe(202);
    expect((await ask('stranger@example.com')).status).toBe(429);
    offsetMs += 60 * 60 * 1000;
    expect((await ask('limited@example.com')).status).toBe(202);
  });

  it('per IP - the eleventh ask in an hour from one address of the internet is 429, whatever the e-mail', async () => {
    const ip = from();
    for (let i = 0; i < 10; i++) expect((await ask(`someone${i}@example.com`, ip)).status).toBe(202);
    const refused = await ask('someone.else@example.com', ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: FORGOT_RATE_LIMITED });
    expect((await ask('someone.else@example.com')).status).toBe(202);
  });

  it('an audit line - who asked for a link and until when, with no actor; none for an address without an account', async () => {
    const user = await createAccount(app.db, 'audited@example.com', PASSWORD, 'rep', 'Audited Person');
    await ask('audited@example.com');
    await ask('not.audited@example.com');
    const rows = await app.db('staff_audit').where({ action: 'user.password_forgot' }).orderBy('id');
    const mine = rows.filter((r) => r.subject === `user:${user.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actor_user_id: null });
    expect(JSON.parse(mine[0].details)).toMatchObject({ email: 'audited@example.com', name: 'Audited Person' });
    expect(rows.some((r) => String(r.details).includes('not.audited'))).toBe(false);
  });
});
