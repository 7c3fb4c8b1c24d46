// Inviting staff: the one-time link, its lifetime (7 days), its single use, a new link retiring the old one,
// and cancelling an invite. On both engines, over real HTTP, with a clock the test moves.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { signIn } from '../../testing/auth';
import { LINK_MESSAGES } from './account-links';
import { acceptLink, as, invite, member, tokenOf } from '../../testing/team';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'a long chosen password';

describe.each(ENGINES)('staff invites on %s', (engine) => {
  let now = Date.parse('2026-11-25T10:00:00.000Z');
  const app = useTestApp(engine, { clock: () => new Date(now) });
  let admin: SignedIn;
  let n = 0;
  const person = (role: 'admin' | 'rep' = 'rep') => ({ name: `Pat Person ${++n}`, email: `pat${n}@example.com`, role });
  const check = (token: string) => api(app.baseUrl, 'GET', `/api/auth/account-link?token=${token}`);

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });

  it('invite - 201 with a one-time link valid 7 days; the person opens it, chooses a password and is signed in as invited', async () => {
    const input = person('rep');
    const issued = await invite(app, admin, { ...input, email: ` ${input.email.toUpperCase()} ` });
    expect(issued.link.url).toMatch(new RegExp(`^${app.baseUrl}/set-password\\?token=[\\w-]{40,}$`));
    expect(issued.link.expiresAt).toBe(new Date(now + 7 * DAY).toISOString());
    expect(issued.user).toMatchObject({ name: input.name, email: input.email, role: 'rep', state: 'invited', deviceCount: 0, lastActiveAt: null });
    expect(issued.user.pendingLink).toEqual({ kind: 'invite', expiresAt: issued.link.expiresAt, expired: false });
    // Only the token's hash is stored.
    expect(await app.db('account_links').where({ token_hash: tokenOf(issued) }).first()).toBeUndefined();

    const opened = await check(tokenOf(issued));
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({ kind: 'invite', name: input.name, email: input.email, expiresAt: issued.link.expiresAt });

    const weak = await acceptLink(app, tokenOf(issued), 'short');
    expect(weak.status).toBe(400);
    expect(weak.json.errors).toEqual({ password: 'Password must be at least 10 characters' });

    const accepted = await acceptLink(app, tokenOf(issued), PASSWORD);
    expect(accepted.status).toBe(201);
    expect(accepted.json).toEqual({ id: issued.user.id, email: input.email, name: input.name, role: 'rep' });
    const me = await as(app, { cookie: accepted.cookie }, 'GET', '/api/auth/user');
    expect(me.json).toEqual(accepted.json);
    expect(await member(app, admin, issued.user.id)).toMatchObject({ state: 'active', pendingLink: null, deviceCount: 1 });
    // And the password works from then on.
    expect((await signIn(app.baseUrl, input.email, PASSWORD)).status).toBe(200);
  });

  it('a used link opened again - 410 "already been used", and it cannot set another password', async () => {
    const input = person();
    const issued = await invite(app, admin, input);
    expect((await acceptLink(app, tokenOf(issued), PASSWORD)).status).toBe(201);
    const again = await check(tokenOf(issued));
    expect(again.status).toBe(410);
    expect(again.json).toEqual({ message: LINK_MESSAGES.used });
    const reuse = await acceptLink(app, tokenOf(issued), 'someone elses password');
    expect(reuse.status).toBe(410);
    expect(reuse.cookie).toBe('');
    expect((await signIn(app.baseUrl, input.email, 'someone elses password')).status).toBe(401);
  });

  it('an invited account before its link is used - cannot sign in with any password (the same 401 as a wrong one)', async () => {
    const input = person();
    await invite(app, admin, input);
    for (const password of ['', 'anything at all', ' '.repeat(12)]) {
      const res = await api(app.baseUrl, 'POST', '/api/auth/login', { email: input.email, password: password || 'x' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('a link past its 7 days - 410 "expired", shown as expired on the list; a new link works', async () => {
    const issued = await invite(app, admin, person());
    now += 7 * DAY - 60_000;
    expect((await check(tokenOf(issued))).status).toBe(200);
    now += 2 * 60_000;
    const expired = await check(tokenOf(issued));
    expect(expired.status).toBe(410);
    expect(expired.json).toEqual({ message: LINK_MESSAGES.expired });
    expect((await acceptLink(app, tokenOf(issued), PASSWORD)).status).toBe(410);
    expect((await member(app, admin, issued.user.id))?.pendingLink).toMatchObject({ kind: 'invite', expired: true });

    const renewed = await as(app, admin, 'POST', `/api/admin/users/${issued.user.id}/invite-link`);
    expect(renewed.status).toBe(200);
    expect((await acceptLink(app, tokenOf(renewed.json), PASSWORD)).status).toBe(201);
  });

  it('a new link for an invite - the old one answers 410 "replaced", the new one works', async () => {
    const issued = await invite(app, admin, person());
    const renewed = await as(app, admin, 'POST', `/api/admin/users/${issued.user.id}/invite-link`);
    expect(renewed.status).toBe(200);
    expect(tokenOf(renewed.json)).not.toBe(tokenOf(issued));
    const old = await check(tokenOf(issued));
    expect(old.status).toBe(410);
    expect(old.json).toEqual({ message: LINK_MESSAGES.replaced });
    expect((await acceptLink(app, tokenOf(issued), PASSWORD)).status).toBe(410);
    expect((await acceptLink(app, tokenOf(renewed.json), PASSWORD)).status).toBe(201);
    // Once active, there is no invite to renew.
    const late = await as(app, admin, 'POST', `/api/admin/users/${issued.user.id}/invite-link`);
    expect(late.status).toBe(409);
  });

  it('cancel an invite - 204, the account and its link are gone (404), the e-mail can be invited again', async () => {
    const input = person();
    const issued = await invite(app, admin, input);
    const cancelled = await as(app, admin, 'DELETE', `/api/admin/users/${issued.user.id}/invite`);
    expect(cancelled.status).toBe(204);
    expect(await member(app, admin, issued.user.id)).toBeUndefined();
    const dead = await check(tokenOf(issued));
    expect(dead.status).toBe(404);
    expect(dead.json).toEqual({ message: LINK_MESSAGES.invalid });
    expect((await acceptLink(app, tokenOf(issued), PASSWORD)).status).toBe(404);
    expect((await as(app, admin, 'DELETE', `/api/admin/users/${issued.user.id}/invite`)).status).toBe(404);
    expect((await invite(app, admin, input)).user.state).toBe('invited');
    const log = (await as(app, admin, 'GET', '/api/admin/staff-audit?action=user.invite_cancel')).json;
    expect(log[0]).toMatchObject({ actorName: 'Ada Admin', subject: `user:${issued.user.id}`, details: { email: input.email, name: input.name, role: 'rep' } });
  });

  it('cancel on an account that is not invited - 409, and the account stays', async () => {
    const issued = await invite(app, admin, person());
    await acceptLink(app, tokenOf(issued), PASSWORD);
    const res = await as(app, admin, 'DELETE', `/api/admin/users/${issued.user.id}/invite`);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/Only an invited account/);
    expect(await member(app, admin, issued.user.id)).toMatchObject({ state: 'active' });
  });

  it('invite an e-mail that has an account - 409 with what to do instead; bad input - 400 per field', async () => {
    const active = person();
    const issued = await invite(app, admin, active);
    await acceptLink(app, tokenOf(issued), PASSWORD);
    const again = await as(app, admin, 'POST', '/api/admin/users', { ...person(), email: active.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'An account with this e-mail already exists.' });

    const pending = person();
    await invite(app, admin, pending);
    expect((await as(app, admin, 'POST', '/api/admin/users', pending)).json.message).toMatch(/already has an invite/);

    const bad = await as(app, admin, 'POST', '/api/admin/users', { name: ' ', email: 'nope', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ name: 'Name is required', email: 'Please enter a valid email', role: 'Role must be admin or rep' });
    for (const body of [null, [], 'x', { name: 'A', email: 'a@b.co' }]) {
      expect((await as(app, admin, 'POST', '/api/admin/users', body)).status).toBe(400);
    }
  });

  it('unknown, missing or malformed link token - 404 with a message, never 500', async () => {
    for (const path of ['/api/auth/account-link?token=nope', '/api/auth/account-link', '/api/auth/account-link?token=a&token=b']) {
      const res = await api(app.baseUrl, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: LINK_MESSAGES.invalid });
    }
    expect((await acceptLink(app, 'nope', PASSWORD)).status).toBe(404);
    expect((await api(app.baseUrl, 'POST', '/api/auth/account-link', { password: PASSWORD })).status).toBe(400);
  });

  it('invites in the staff audit log - the invite, each new link and the person choosing a password, with who and whom', async () => {
    const input = person();
    const issued = await invite(app, admin, input);
    await as(app, admin, 'POST', `/api/admin/users/${issued.user.id}/invite-link`);
    const renewed = await as(app, admin, 'POST', `/api/admin/users/${issued.user.id}/invite-link`);
    await acceptLink(app, tokenOf(renewed.json), PASSWORD);
    const lines = (await as(app, admin, 'GET', '/api/admin/staff-audit?limit=500')).json as { action: string; actorName: string; subject: string; details: Record<string, unknown> }[];
    const about = lines.filter((l) => l.subject === `user:${issued.user.id}`).map((l) => [l.action, l.actorName, l.details.email]);
    expect(about).toEqual([
      ['user.setup', input.name, input.email],
      ['user.invite_renew', 'Ada Admin', input.email],
      ['user.invite_renew', 'Ada Admin', input.email],
      ['user.invite', 'Ada Admin', input.email],
    ]);
    // The log never holds the link itself.
    expect(JSON.stringify(lines)).not.toContain(tokenOf(renewed.json));
  });
});
