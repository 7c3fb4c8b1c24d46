// Changing staff accounts from the Team screen: roles and names, the last-admin rule (including two admins
// demoting each other at the same moment), password resets and deactivation ending every session at once, and
// reactivation. On both engines, over real HTTP with real sessions.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { signIn } from '../../testing/auth';
import { LAST_ADMIN_MESSAGE } from './last-admin';
import { changeStaff, deactivateStaff, TEAM_MESSAGES } from './team-service';
import { acceptLink, as, member, tokenOf } from '../../testing/team';

const NEW_PASSWORD = 'a brand new password';

describe.each(ENGINES)('staff account changes on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });

  const capture = (who: SignedIn | { cookie: string }, email: string) =>
    as(app, who, 'POST', '/api/capture/leads', { eventName: 'Team Expo', firstName: 'Cap', lastName: 'Tured', email }, { 'Idempotency-Key': crypto.randomUUID() });
  const auditOf = async (action: string) => (await as(app, admin, 'GET', `/api/admin/staff-audit?action=${action}`)).json as { actorName: string; subject: string; details: Record<string, unknown> }[];

  it('change a rep to admin and back - 200 each, the next request of their session sees the new role, both in the audit log', async () => {
    const rep = await signInAs(app, 'rep', 'Rita Rep');
    expect((await as(app, rep, 'GET', '/api/admin/users')).status).toBe(403);
    const promoted = await as(app, admin, 'PATCH', `/api/admin/users/${rep.user.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: rep.user.id, role: 'admin', state: 'active', deviceCount: 1 });
    expect((await as(app, rep, 'GET', '/api/admin/users')).status).toBe(200);
    const demoted = await as(app, admin, 'PATCH', `/api/admin/users/${rep.user.id}`, { role: 'rep', name: 'Rita R. Rep' });
    expect(demoted.json).toMatchObject({ role: 'rep', name: 'Rita R. Rep' });
    expect((await as(app, rep, 'GET', '/api/admin/users')).status).toBe(403);
    expect((await auditOf('user.role')).slice(0, 2).map((l) => l.details)).toEqual([
      { email: rep.user.email, name: 'Rita Rep', before: 'admin', after: 'rep' },
      { email: rep.user.email, name: 'Rita Rep', before: 'rep', after: 'admin' },
    ]);
    expect((await auditOf('user.rename'))[0]!.details).toMatchObject({ before: 'Rita Rep', after: 'Rita R. Rep' });
  });

  it('bad changes - 400 for an empty or wrong body, 404 for an unknown account', async () => {
    const rep = await signInAs(app, 'rep');
    expect((await as(app, admin, 'PATCH', `/api/admin/users/${rep.user.id}`, {})).json).toEqual({ message: 'Nothing to change: send a role or a name', errors: { _: 'Nothing to change: send a role or a name' } });
    expect((await as(app, admin, 'PATCH', `/api/admin/users/${rep.user.id}`, { role: 'boss' })).json.errors).toEqual({ role: 'Role must be admin or rep' });
    for (const [method, path] of [
      ['PATCH', '/api/admin/users/999999'],
      ['POST', '/api/admin/users/999999/deactivate'],
      ['POST', '/api/admin/users/999999/reactivate'],
      ['POST', '/api/admin/users/999999/password-reset'],
      ['POST', '/api/admin/users/999999/invite-link'],
      ['GET', '/api/admin/users/999999/sessions'],
      ['PATCH', '/api/admin/users/abc'],
    ] as const) {
      const res = await as(app, admin, method, path, method === 'PATCH' ? { role: 'rep' } : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('reset a password - every session of theirs ends at once (401), the old password stops working, the link sets a new one', async () => {
    const rep = await signInAs(app, 'rep', 'Reset Rep');
    const secondDevice = await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD);
    expect((await member(app, admin, rep.user.id))?.deviceCount).toBe(2);

    const reset = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/password-reset`);
    expect(reset.status).toBe(200);
    expect(reset.json.user).toMatchObject({ state: 'active', deviceCount: 0, pendingLink: { kind: 'reset', expired: false } });
    for (const device of [rep, secondDevice]) {
      const res = await as(app, device, 'GET', '/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
    expect((await capture(rep, 'after-reset@example.com')).status).toBe(401);
    expect((await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD)).status).toBe(401);
    expect(await app.db('sessions').where({ user_id: rep.user.id })).toEqual([]);

    const opened = await api(app.baseUrl, 'GET', `/api/auth/account-link?token=${tokenOf(reset.json)}`);
    expect(opened.json).toMatchObject({ kind: 'reset', email: rep.user.email });
    const chosen = await acceptLink(app, tokenOf(reset.json), NEW_PASSWORD);
    expect(chosen.status).toBe(201);
    expect((await as(app, { cookie: chosen.cookie }, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await signIn(app.baseUrl, rep.user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await auditOf('user.password_reset'))[0]).toMatchObject({ actorName: 'Ada Admin', subject: `user:${rep.user.id}`, details: { sessionsEnded: 2 } });
  });

  it('reset refused - your own password (409), an invited account (409), a deactivated one (409)', async () => {
    expect((await as(app, admin, 'POST', `/api/admin/users/${admin.user.id}/password-reset`)).json).toEqual({ message: TEAM_MESSAGES.selfReset });
    const invited = await as(app, admin, 'POST', '/api/admin/users', { name: 'Ivy Invited', email: 'ivy-reset@example.com', role: 'rep' });
    expect((await as(app, admin, 'POST', `/api/admin/users/${invited.json.user.id}/password-reset`)).json).toEqual({ message: TEAM_MESSAGES.resetInvited });
    const rep = await signInAs(app, 'rep');
    await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`);
    const res = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/password-reset`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: TEAM_MESSAGES.resetDeactivated });
  });

  it('deactivate a rep - their existing session is refused (401) at its next request, they cannot sign in, their capture keeps its author', async () => {
    const rep = await signInAs(app, 'rep', 'Dee Parted');
    const captured = await capture(rep, 'captured-by-dee@example.com');
    expect(captured.status).toBe(201);

    const res = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: rep.user.id, state: 'deactivated', deviceCount: 0 });

    const next = await as(app, rep, 'GET', '/api/auth/user');
    expect(next.status).toBe(401);
    expect(next.json).toEqual({ message: 'Unauthorized' });
    expect((await capture(rep, 'after-deactivation@example.com')).status).toBe(401);
    expect((await as(app, rep, 'GET', '/api/auth/sessions')).status).toBe(401);
    const again = await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD);
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ message: 'Invalid email or password' });
    expect(await app.db('sessions').where({ user_id: rep.user.id })).toEqual([]);

    const leads = await as(app, admin, 'GET', '/api/admin/leads?q=captured-by-dee');
    expect(leads.json.map((l: { email: string; capturedBy: string }) => [l.email, l.capturedBy])).toEqual([['captured-by-dee@example.com', 'Dee Parted']]);
    expect((await auditOf('user.deactivate'))[0]).toMatchObject({ actorName: 'Ada Admin', subject: `user:${rep.user.id}`, details: { sessionsEnded: 1 } });

    // Deactivating again changes nothing and logs nothing more.
    const lines = (await auditOf('user.deactivate')).length;
    expect((await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`)).status).toBe(200);
    expect(await auditOf('user.deactivate')).toHaveLength(lines);
  });

  it('reactivate - 200, they sign in again with the password they had', async () => {
    const rep = await signInAs(app, 'rep', 'Ray Turn');
    await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`);
    expect((await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD)).status).toBe(401);
    const res = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: 'active' });
    expect((await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await auditOf('user.reactivate'))[0]).toMatchObject({ subject: `user:${rep.user.id}` });
  });

  it('deactivate refused - your own account (409), an invited account (409: cancel it instead)', async () => {
    expect((await as(app, admin, 'POST', `/api/admin/users/${admin.user.id}/deactivate`)).json).toEqual({ message: TEAM_MESSAGES.selfDeactivate });
    const invited = await as(app, admin, 'POST', '/api/admin/users', { name: 'Ivy Too', email: 'ivy-deactivate@example.com', role: 'rep' });
    const res = await as(app, admin, 'POST', `/api/admin/users/${invited.json.user.id}/deactivate`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: TEAM_MESSAGES.deactivateInvited });
  });

  it('a deactivated account\'s pending link - dies with the deactivation (410 replaced)', async () => {
    const rep = await signInAs(app, 'rep');
    const reset = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/password-reset`);
    await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`);
    expect((await api(app.baseUrl, 'GET', `/api/auth/account-link?token=${tokenOf(reset.json)}`)).status).toBe(410);
    expect((await acceptLink(app, tokenOf(reset.json), NEW_PASSWORD)).status).toBe(410);
  });
});

describe.each(ENGINES)('the last active admin on %s', (engine) => {
  const app = useTestApp(engine);
  let ann: SignedIn;

  beforeAll(async () => {
    ann = await signInAs(app, 'admin', 'Ann Admin');
  });

  const activeAdmins = async () => (await app.db('users').where({ role: 'admin', status: 'active' }).select('id')).map((r) => Number(r.id));

  it('the only active admin demoting or deactivating themselves - 409 with the rule, and still an admin', async () => {
    const demote = await as(app, ann, 'PATCH', `/api/admin/users/${ann.user.id}`, { role: 'rep' });
    expect(demote.status).toBe(409);
    expect(demote.json).toEqual({ message: LAST_ADMIN_MESSAGE });
    expect(await activeAdmins()).toEqual([ann.user.id]);
    // Invited and deactivated admins do not count: they cannot administer.
    await as(app, ann, 'POST', '/api/admin/users', { name: 'Ivan Invited', email: 'ivan@example.com', role: 'admin' });
    const other = await signInAs(app, 'admin', 'Otto Other');
    await as(app, ann, 'POST', `/api/admin/users/${other.user.id}/deactivate`);
    expect((await as(app, ann, 'PATCH', `/api/admin/users/${ann.user.id}`, { role: 'rep' })).status).toBe(409);
    // With another active admin, demoting oneself is allowed, and then the other is the last one.
    await as(app, ann, 'POST', `/api/admin/users/${other.user.id}/reactivate`);
    const otherAgain = await signIn(app.baseUrl, other.user.email, TEST_PASSWORD);
    expect((await as(app, ann, 'PATCH', `/api/admin/users/${ann.user.id}`, { role: 'rep' })).status).toBe(200);
    const last = await as(app, otherAgain, 'POST', `/api/admin/users/${ann.user.id}/deactivate`);
    expect(last.status).toBe(200); // Ann is a rep now: deactivating her is fine
    expect((await as(app, otherAgain, 'PATCH', `/api/admin/users/${other.user.id}`, { role: 'rep' })).json).toEqual({ message: LAST_ADMIN_MESSAGE });
    expect(await activeAdmins()).toEqual([other.user.id]);
  });

  it('two admins demoting (or deactivating) each other at the same moment, 10 rounds - one wins, the other gets 409, one active admin is left', { timeout: 60_000 }, async () => {
    const [first] = await activeAdmins();
    const a = { id: first!, name: 'A' };
    const bUser = await signInAs(app, 'admin', 'Bea Both');
    const b = { id: bUser.user.id, name: 'B' };
    for (let round = 0; round < 10; round++) {
      const deps = app.deps;
      // Each names the other; every other round one deactivates instead of demoting.
      const results = await Promise.allSettled([
        changeStaff(deps, a, b.id, { role: 'rep' }),
        round % 2 ? deactivateStaff(deps, b, a.id) : changeStaff(deps, b, a.id, { role: 'rep' }),
      ]);
      const outcome = results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message)).sort();
      expect(outcome).toEqual([LAST_ADMIN_MESSAGE, 'ok']);
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      // Put the other back as an active admin for the next round.
      const other = left[0] === a.id ? b : a;
      await app.db('users').where({ id: other.id }).update({ role: 'admin', status: 'active' });
    }
  });
});
