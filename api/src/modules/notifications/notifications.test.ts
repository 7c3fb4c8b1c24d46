// Each user's notification choices (stored on the server, checked like every admin route), a device's push
// subscription input, the unseen-lead count two devices of one person agree on, and one lead by id.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, defaultEmailChoices } from '../../contract';
import { signIn } from '../../testing/auth';
import { leadBody } from '../../testing/leads';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { api, ENGINES, testConfig, useTestApp } from '../../testing/test-app';
import { as } from '../../testing/team';

describe.each(ENGINES)('notifications on %s', (engine) => {
  // push.example stands for a push service: allowed, and answered with a public address.
  const push = { ...testConfig().push, allowedHosts: ['push.example'], lookup: async () => [{ address: '203.0.113.9', family: 4 }] };
  const app = useTestApp(engine, { config: { push } });
  let admin: SignedIn;
  let rep: SignedIn;
  beforeAll(async () => {
    admin = await signInAs(app);
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });

  const postLead = async (email: string) => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email }));
    expect(res.status).toBe(201);
    return res.json.id as number;
  };

  it('preferences - off with every kind wanted until chosen; saved per user; bad input 400 with the field; signed out 401', async () => {
    const repDefaults = { ...DEFAULT_NOTIFICATION_PREFERENCES, email: defaultEmailChoices('rep') };
    expect((await as(app, rep, 'GET', '/api/admin/notifications/preferences')).json).toEqual(repDefaults);
    const chosen = { enabled: true, leads: true, samples: false, captures: true, crmFailures: false };
    const put = await as(app, rep, 'PUT', '/api/admin/notifications/preferences', chosen);
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ ...chosen, email: defaultEmailChoices('rep') });
    expect((await as(app, rep, 'GET', '/api/admin/notifications/preferences')).json).toEqual({ ...chosen, email: defaultEmailChoices('rep') });
    expect((await as(app, admin, 'GET', '/api/admin/notifications/preferences')).json).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, email: defaultEmailChoices('admin') });

    const bad = await as(app, rep, 'PUT', '/api/admin/notifications/preferences', { ...chosen, leads: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('leads');
    expect((await as(app, null, 'GET', '/api/admin/notifications/preferences')).status).toBe(401);
    expect((await as(app, null, 'PUT', '/api/admin/notifications/preferences', chosen)).status).toBe(401);
  });

  it('e-mail choices - new leads and sample requests on for an admin until chosen, nothing for a rep; saved beside the browser choices, kept when a save leaves them out', async () => {
    expect(defaultEmailChoices('admin')).toEqual({ leads: true, samples: true, captures: false, crmFailures: false });
    expect(defaultEmailChoices('rep')).toEqual({ leads: false, samples: false, captures: false, crmFailures: false });
    const browser = { enabled: false, leads: true, samples: true, captures: true, crmFailures: true };
    const email = { leads: false, samples: true, captures: true, crmFailures: true };
    const put = await as(app, admin, 'PUT', '/api/admin/notifications/preferences', { ...browser, email });
    expect(put.json).toEqual({ ...browser, email });
    const browserOnly = await as(app, admin, 'PUT', '/api/admin/notifications/preferences', { ...browser, enabled: true });
    expect(browserOnly.json).toEqual({ ...browser, enabled: true, email });
    const bad = await as(app, admin, 'PUT', '/api/admin/notifications/preferences', { ...browser, email: { ...email, leads: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('push subscription - an https endpoint with base64url keys is stored; anything else 400; removal is per user', async () => {
    const good = { endpoint: 'https://push.example/abc', keys: { p256dh: 'BNc-abc', auth: 'xyz_1' } };
    expect((await as(app, admin, 'POST', '/api/admin/notifications/push-subscriptions', { ...good, endpoint: 'http://push.example/x' })).status).toBe(400);
    expect((await as(app, admin, 'POST', '/api/admin/notifications/push-subscriptions', { ...good, keys: { p256dh: 'a b', auth: 'x' } })).status).toBe(400);
    expect((await as(app, null, 'POST', '/api/admin/notifications/push-subscriptions', good)).status).toBe(401);
    expect((await as(app, admin, 'POST', '/api/admin/notifications/push-subscriptions', good)).status).toBe(204);
    // Sent again (the page does on each start), it stays one row.
    expect((await as(app, admin, 'POST', '/api/admin/notifications/push-subscriptions', good)).status).toBe(204);
    expect(await app.db('push_subscriptions').where({ endpoint: good.endpoint })).toHaveLength(1);
    // Another person cannot remove it.
    await as(app, rep, 'POST', '/api/admin/notifications/push-subscriptions/remove', { endpoint: good.endpoint });
    expect(await app.db('push_subscriptions').where({ endpoint: good.endpoint })).toHaveLength(1);
    expect((await as(app, admin, 'POST', '/api/admin/notifications/push-subscriptions/remove', { endpoint: good.endpoint })).status).toBe(204);
    expect(await app.db('push_subscriptions').where({ endpoint: good.endpoint })).toHaveLength(0);
  });

  it('unseen leads - counted from the first look; seen on one device is seen on the other; the mark never goes back', async () => {
    const phone = await signIn(app.baseUrl, admin.user.email, TEST_PASSWORD);
    const start = await as(app, admin, 'GET', '/api/admin/notifications/unseen-leads');
    expect(start.status).toBe(200);
    expect(start.json.count).toBe(0);
    const first = await postLead('one@example.com');
    const second = await postLead('two@example.com');
    await postLead('three@example.com');
    expect((await as(app, phone, 'GET', '/api/admin/notifications/unseen-leads')).json.count).toBe(3);

    const seen = await as(app, admin, 'POST', '/api/admin/notifications/seen-leads', { through: second });
    expect(seen.json).toEqual({ count: 1, seenThrough: second });
    expect((await as(app, phone, 'GET', '/api/admin/notifications/unseen-leads')).json).toEqual({ count: 1, seenThrough: second });
    expect((await as(app, phone, 'POST', '/api/admin/notifications/seen-leads', { through: first })).json.count).toBe(1);
    // Past the newest lead, the mark stops at it: the next lead still counts.
    const all = await as(app, phone, 'POST', '/api/admin/notifications/seen-leads', { through: 10_000_000 });
    expect(all.json.count).toBe(0);
    await postLead('four@example.com');
    expect((await as(app, admin, 'GET', '/api/admin/notifications/unseen-leads')).json.count).toBe(1);

    expect((await as(app, admin, 'POST', '/api/admin/notifications/seen-leads', { through: -1 })).status).toBe(400);
    expect((await as(app, rep, 'GET', '/api/admin/notifications/unseen-leads')).status).toBe(403);
    expect((await as(app, null, 'POST', '/api/admin/notifications/seen-leads', { through: 1 })).status).toBe(401);
  });

  it('one lead - by id for admins (its detail), 404 when there is none, 403 for a rep', async () => {
    const id = await postLead('detail@example.com');
    const res = await as(app, admin, 'GET', `/api/admin/leads/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, email: 'detail@example.com', company: 'Analytical Engines' });
    expect((await as(app, admin, 'GET', '/api/admin/leads/99999999')).status).toBe(404);
    expect((await as(app, admin, 'GET', '/api/admin/leads/abc')).status).toBe(404);
    expect((await as(app, rep, 'GET', `/api/admin/leads/${id}`)).status).toBe(403);
  });
});
