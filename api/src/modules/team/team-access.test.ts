// Who may use the Team and staff audit routes: admins only. Signed out: 401 on every one; a rep: 403 on every
// one, and nothing changes. A rep still manages their own devices (/api/auth/sessions).
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { as } from '../../testing/team';

const SOME_SESSION = 'a'.repeat(64);

describe.each(ENGINES)('Team routes access on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;
  let rep: SignedIn;
  let routes: [string, string, unknown?][];

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
    const id = admin.user.id;
    routes = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { name: 'New Rep', email: 'new-rep@example.com', role: 'rep' }],
      ['PATCH', `/api/admin/users/${id}`, { role: 'rep' }],
      ['POST', `/api/admin/users/${id}/invite-link`],
      ['DELETE', `/api/admin/users/${id}/invite`],
      ['POST', `/api/admin/users/${id}/password-reset`],
      ['POST', `/api/admin/users/${id}/deactivate`],
      ['POST', `/api/admin/users/${id}/reactivate`],
      ['GET', `/api/admin/users/${id}/sessions`],
      ['DELETE', `/api/admin/users/${id}/sessions`],
      ['DELETE', `/api/admin/users/${id}/sessions/${SOME_SESSION}`],
      ['GET', '/api/admin/staff-audit'],
    ];
  });

  it('every /api/admin/users and /api/admin/staff-audit route signed out - 401 Unauthorized', async () => {
    for (const [method, path, body] of routes) {
      const res = await as(app, null, method, path, body);
      expect({ method, path, status: res.status, json: res.json }).toEqual({ method, path, status: 401, json: { message: 'Unauthorized' } });
    }
  });

  it('every /api/admin/users and /api/admin/staff-audit route as a rep - 403 Forbidden, and nothing changed', async () => {
    // Every column a change could touch (activity times move on their own).
    const accounts = () => app.db('users').select('id', 'email', 'name', 'role', 'status', 'password_hash').orderBy('id');
    const before = await accounts();
    const sessionsBefore = await app.db('sessions').count({ n: '*' }).first();
    for (const [method, path, body] of routes) {
      const res = await as(app, rep, method, path, body);
      expect({ method, path, status: res.status, json: res.json }).toEqual({ method, path, status: 403, json: { message: 'Forbidden' } });
    }
    expect(await accounts()).toEqual(before);
    expect(await app.db('sessions').count({ n: '*' }).first()).toEqual(sessionsBefore);
    expect(await app.db('staff_audit').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('a rep on their own devices (/api/auth/sessions) - 200; signed out - 401', async () => {
    expect((await as(app, rep, 'GET', '/api/auth/sessions')).status).toBe(200);
    expect((await as(app, null, 'GET', '/api/auth/sessions')).status).toBe(401);
    expect((await as(app, null, 'POST', '/api/auth/sessions/sign-out-others')).status).toBe(401);
    expect((await as(app, null, 'DELETE', `/api/auth/sessions/${SOME_SESSION}`)).status).toBe(401);
  });

  it('the staff audit log - no route writes, changes or deletes a line (405), as an admin too', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await as(app, admin, method, '/api/admin/staff-audit', {});
      expect({ method, status: res.status }).toEqual({ method, status: 405 });
    }
  });
});
