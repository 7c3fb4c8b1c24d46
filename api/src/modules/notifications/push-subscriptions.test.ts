// Which push subscriptions the server keeps (docs/security.md, 22): an endpoint only on a known push service,
// https on port 443, never an IP address or a name resolving inside a private network; one per signed-in
// device, five per person; and an endpoint another account registered stays theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_HOSTS, loadConfig } from '../../config';
import { startFakePushService, type FakePushService } from '../../testing/fake-push-service';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { ENGINES, testConfig, useTestApp } from '../../testing/test-app';
import { signIn } from '../../testing/auth';
import { as } from '../../testing/team';
import { MAX_SUBSCRIPTIONS_PER_USER, PUSH_MESSAGES } from './notifications-service';

const SUBSCRIPTIONS = '/api/admin/notifications/push-subscriptions';
const keys = { p256dh: 'BNc-abc', auth: 'xyz_1' };

/** What the test's own resolver answers for names under the fake push service's host. */
const ADDRESSES: Record<string, string[]> = {
  'loop.push.fake.test': ['127.0.0.1'],
  'lan.push.fake.test': ['10.20.30.40'],
  'home.push.fake.test': ['192.168.1.10'],
  'office.push.fake.test': ['172.20.0.5'],
  'metadata.push.fake.test': ['169.254.169.254'],
  'cgnat.push.fake.test': ['100.64.12.34'],
  'zero.push.fake.test': ['0.0.0.0'],
  'v6-loop.push.fake.test': ['::1'],
  'v6-link.push.fake.test': ['fe80::1'],
  // One public address and one unique-local: every address counts, not the first.
  'mixed.push.fake.test': ['2001:db8::1', 'fd12:3456::1'],
  'mapped.push.fake.test': ['::ffff:127.0.0.1'],
  'public.push.fake.test': ['203.0.113.5', '2001:db8::5'],
};

describe.each(ENGINES)('push subscriptions on %s', (engine) => {
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
  });
  afterAll(() => push.close());
  const app = useTestApp(engine, () => ({ config: { push: { ...testConfig().push, ...push.config(ADDRESSES) } } }));
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAs(app);
  });

  const subscribe = (who: { cookie: string }, endpoint: string) => as(app, who, 'POST', SUBSCRIPTIONS, { endpoint, keys });
  const rowsOf = (userId: number) => app.db('push_subscriptions').where({ user_id: userId }).orderBy('id');

  it('an endpoint off the push services, on another port, or an IP address - 400 saying why, nothing stored', async () => {
    const refused: [string, RegExp][] = [
      ['https://127.0.0.1/push/a', /not an IP address/],
      ['https://127.0.0.1:5999/push/a', /not an IP address/],
      ['https://[::1]/push/a', /not an IP address/],
      ['https://2130706433/push/a', /not an IP address/],
      ['https://0x7f.1/push/a', /not an IP address/],
      ['https://169.254.169.254/latest/meta-data', /not an IP address/],
      ['https://push.fake.test:5999/push/a', /port \(443\)/],
      ['https://push.fake.test:8443/push/a', /port \(443\)/],
      ['https://evil.example/push/a', /\(evil\.example\) is not a known push service/],
      ['https://push.fake.test.evil.example/push/a', /is not a known push service/],
      ['https://notpush.fake.test/push/a', /is not a known push service/],
      ['https://user:secret@push.fake.test/push/a', /user name or password/],
    ];
    for (const [endpoint, message] of refused) {
      const res = await subscribe(admin, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.json.message, endpoint).toMatch(message);
      expect(res.json.errors, endpoint).toEqual({ endpoint: res.json.message });
    }
    expect(await rowsOf(admin.user.id)).toEqual([]);
    // The push service itself, with or without its port spelled out, and a name under it.
    for (const endpoint of ['https://push.fake.test/push/ok-1', 'https://push.fake.test:443/push/ok-2', 'https://public.push.fake.test/push/ok-3']) {
      expect((await subscribe(admin, endpoint)).status, endpoint).toBe(204);
    }
  });

  it('a name under a push service that resolves inside a private network (any of its addresses) - 400; one that does not resolve - 503', async () => {
    const who = await signInAs(app);
    for (const host of Object.keys(ADDRESSES).filter((h) => !h.startsWith('public.'))) {
      const res = await subscribe(who, `https://${host}/push/x`);
      expect(res.status, host).toBe(400);
      expect(res.json.message, host).toMatch(new RegExp(`\\(${host.replace(/\./g, '\\.')}\\) resolves to an address inside a private network`));
    }
    const unknown = await subscribe(who, 'https://nowhere.push.fake.test/push/x');
    expect(unknown.status).toBe(503);
    expect(unknown.json.message).toMatch(/could not be looked up/);
    expect(await rowsOf(who.user.id)).toEqual([]);
  });

  it('one subscription per signed-in device - a new endpoint from the same session replaces its old one', async () => {
    const who = await signInAs(app);
    expect((await subscribe(who, 'https://push.fake.test/push/device-old')).status).toBe(204);
    expect((await subscribe(who, 'https://push.fake.test/push/device-new')).status).toBe(204);
    expect((await rowsOf(who.user.id)).map((r) => r.endpoint)).toEqual(['https://push.fake.test/push/device-new']);
    // The same endpoint again (the app sends it at each start) stays one row.
    expect((await subscribe(who, 'https://push.fake.test/push/device-new')).status).toBe(204);
    expect(await rowsOf(who.user.id)).toHaveLength(1);
  });

  it(`${MAX_SUBSCRIPTIONS_PER_USER} devices per person - a sixth that subscribes replaces the one registered longest ago`, async () => {
    const who = await signInAs(app);
    const devices = [who, ...(await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER }, () => signIn(app.baseUrl, who.user.email, TEST_PASSWORD))))];
    for (const [i, device] of devices.entries()) {
      expect((await subscribe(device, `https://push.fake.test/push/cap-${i}`)).status).toBe(204);
    }
    const endpoints = (await rowsOf(who.user.id)).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(endpoints).not.toContain('https://push.fake.test/push/cap-0');
    expect(endpoints).toContain(`https://push.fake.test/push/cap-${MAX_SUBSCRIPTIONS_PER_USER}`);
    // Another person's devices are not counted against them.
    expect(await rowsOf(admin.user.id)).not.toHaveLength(0);
  });

  it("an endpoint registered to another account - 409 with a message, and it stays theirs; the same account's new session takes its own back", async () => {
    const owner = await signInAs(app, 'rep', 'Owen Owner');
    const other = await signInAs(app, 'admin', 'Tess Taker');
    const endpoint = 'https://push.fake.test/push/shared-browser';
    expect((await subscribe(owner, endpoint)).status).toBe(204);
    const taken = await subscribe(other, endpoint);
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(PUSH_MESSAGES.takenByAnother);
    const [row] = await app.db('push_subscriptions').where({ endpoint });
    expect(Number(row.user_id)).toBe(owner.user.id);
    expect(await rowsOf(other.user.id)).toEqual([]);

    // The owner signs in again on that browser: the row moves to the new session, still theirs.
    const again = await signIn(app.baseUrl, owner.user.email, TEST_PASSWORD);
    expect((await subscribe(again, endpoint)).status).toBe(204);
    const moved = await app.db('push_subscriptions').where({ endpoint });
    expect(moved).toHaveLength(1);
    expect(Number(moved[0].user_id)).toBe(owner.user.id);
    expect(moved[0].session_id).not.toBe(row.session_id);
  });
});

describe('push subscriptions with the system resolver', () => {
  // No lookup of the test's own: node:dns answers, as in production. localhost is on the list here only so the
  // address check is what refuses it.
  const app = useTestApp('sqlite', () => ({ config: { push: { ...testConfig().push, allowedHosts: ['localhost'] } } }));

  it('a host that resolves to loopback - 400', async () => {
    const admin = await signInAs(app);
    const res = await as(app, admin, 'POST', SUBSCRIPTIONS, { endpoint: 'https://localhost/push/x', keys });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/\(localhost\) resolves to an address inside a private network/);
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  it('read at start - the push services by default; host names, trimmed and lower-cased; an IP address, a port or a scheme stops the start', () => {
    expect(loadConfig({}).push.allowedHosts).toEqual(DEFAULT_PUSH_HOSTS);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: ' FCM.googleapis.com , push.internal.example ' }).push.allowedHosts).toEqual(['fcm.googleapis.com', 'push.internal.example']);
    for (const bad of ['127.0.0.1', 'push.example:8443', 'https://push.example', '*.push.example', ' , ', 'localhost']) {
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: bad }), bad).toThrow(/PUSH_ALLOWED_HOSTS: must be host names/);
    }
  });
});
