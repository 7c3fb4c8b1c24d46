// Web Push to a local push service that checks what a real one checks: the VAPID JWT verified against the
// server's public key, the body aes128gcm-encrypted to the device's key (decrypted here as the browser would).
// Who gets a push: users who turned notifications on, want the kind, and may see the record; subscriptions go
// on 410 Gone, on sign-out and on deactivation.
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEventDraft, PushMessage } from '../../contract';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../testing/fake-push-service';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { ENGINES, useTestApp } from '../../testing/test-app';
import { as } from '../../testing/team';
import { PUSH_CONCURRENCY } from './push-delivery';
import { isInwardAddress, pushAgent } from './push-endpoint';
import { vapidKeysOf } from './vapid-keys';
import { pushFailures } from '../../lib/metrics';

/** dm_push_failures_total for a reason, as GET /metrics would show it. */
const pushFailuresCounted = async (reason: string) => (await pushFailures.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

const VAPID = {
  publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  privateKey: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
};

let nextRecord = 1000;
const leadCreated = (over: Partial<LiveEventDraft> = {}): LiveEventDraft => ({
  type: 'lead.created',
  at: new Date().toISOString(),
  recordId: nextRecord++,
  title: 'Grace Hopper, Navy Mailers',
  repUserId: null,
  record: {},
  ...over,
});

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(ENGINES)('web push on %s', (engine) => {
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
  });
  afterAll(() => push.close());
  const app = useTestApp(engine, () => ({ config: { push: { vapidKeys: VAPID, subject: 'mailto:ops@directmailers.example', ...push.config() } } }));
  // Signing in costs a password hash: one admin serves the tests that need no account of their own.
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAs(app);
  });

  async function subscribed(who: SignedIn, prefs: Record<string, boolean> = {}): Promise<FakeSubscription> {
    const put = await as(app, who, 'PUT', '/api/admin/notifications/preferences', { enabled: true, leads: true, samples: true, captures: true, crmFailures: true, ...prefs });
    expect(put.status).toBe(200);
    const sub = push.subscribe();
    const res = await as(app, who, 'POST', '/api/admin/notifications/push-subscriptions', sub);
    expect(res.status).toBe(204);
    return sub;
  }

  const receivedBy = (sub: FakeSubscription, recordId: number) =>
    push.received.find((r) => r.endpoint === sub.endpoint && (JSON.parse(r.payload) as PushMessage).recordId === recordId);

  it('push key - the VAPID public key from the configuration, for signed-in staff only', async () => {
    expect((await as(app, admin, 'GET', '/api/admin/notifications/push-key')).json).toEqual({ publicKey: VAPID.publicKey });
    expect((await as(app, null, 'GET', '/api/admin/notifications/push-key')).status).toBe(401);
  });

  it('new lead - a signed, encrypted push whose body names the lead and where a click goes', async () => {
    const sub = await subscribed(admin);
    const event = leadCreated();
    app.deps.live.publish(event);
    const got = await until(() => receivedBy(sub, event.recordId), 'the push');
    expect(got.vapidPublicKey).toBe(VAPID.publicKey);
    expect(got.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@directmailers.example' });
    expect(got.urgency).toBe('high');
    expect(got.topic).toBe(`lead-${event.recordId}`);
    expect(JSON.parse(got.payload)).toEqual({
      type: 'lead.created',
      recordId: event.recordId,
      title: 'New lead',
      body: 'Grace Hopper, Navy Mailers',
      url: `/admin?lead=${event.recordId}`,
      tag: `lead-${event.recordId}`,
    });
    expect(push.refused).toEqual([]);
  });

  it('choices - nothing for a kind turned off, nor with notifications off; a rep hears only their own captures', async () => {
    const picky = await signInAs(app);
    const noLeads = await subscribed(picky, { leads: false });
    const off = await signInAs(app);
    const offSub = await subscribed(off, { enabled: false });
    const rep = await signInAs(app, 'rep', 'Rita Rep');
    const repSub = await subscribed(rep);

    const lead = leadCreated();
    const othersCapture = leadCreated({ type: 'capture.created', repUserId: rep.user.id + 1000 });
    const ownCapture = leadCreated({ type: 'capture.created', repUserId: rep.user.id });
    const sample = leadCreated({ type: 'sample.created', title: 'Sam Sample, Acme' });
    for (const e of [lead, othersCapture, ownCapture, sample]) app.deps.live.publish(e);

    await until(() => receivedBy(repSub, ownCapture.recordId), "the rep's own capture");
    await until(() => receivedBy(noLeads, sample.recordId), 'the sample request');
    expect(JSON.parse(receivedBy(noLeads, sample.recordId)!.payload)).toMatchObject({ title: 'New sample request', url: '/admin/samples' });
    expect(receivedBy(noLeads, lead.recordId)).toBeUndefined();
    expect(push.received.filter((r) => r.endpoint === offSub.endpoint)).toEqual([]);
    expect(receivedBy(repSub, lead.recordId)).toBeUndefined();
    expect(receivedBy(repSub, othersCapture.recordId)).toBeUndefined();
    expect(receivedBy(repSub, sample.recordId)).toBeUndefined();
  });

  it('410 Gone - the push service dropped the subscription, so the server forgets it and sends no more', async () => {
    const sub = await subscribed(admin);
    push.answer(sub.endpoint, 410);
    const goneBefore = await pushFailuresCounted('gone');
    app.deps.live.publish(leadCreated());
    await until(() => (push.requests.includes(sub.endpoint) ? true : undefined), 'the push attempt');
    let rows: unknown[] = [{}];
    for (let i = 0; i < 100 && rows.length; i++) {
      await new Promise((r) => setTimeout(r, 25));
      rows = await app.db('push_subscriptions').where({ endpoint: sub.endpoint });
    }
    expect(rows).toEqual([]);
    expect(await pushFailuresCounted('gone')).toBe(goneBefore + 1);
    // A later lead goes to the subscriptions that are left, not to this one.
    const other = await subscribed(admin);
    const next = leadCreated();
    app.deps.live.publish(next);
    await until(() => receivedBy(other, next.recordId), 'the push to the other device');
    expect(push.requests.filter((e) => e === sub.endpoint)).toHaveLength(1);
  });

  it('sign-out and deactivation - the device is no longer pushed to', async () => {
    const leaving = await signInAs(app);
    const rep = await signInAs(app, 'rep', 'Gone Rep');
    const adminSub = await subscribed(leaving);
    const repSub = await subscribed(rep);
    await as(app, leaving, 'GET', '/api/logout');
    expect((await as(app, leaving, 'GET', '/api/admin/notifications/preferences')).status).toBe(401);
    expect((await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/deactivate`)).status).toBe(200);
    const left = await app.db('push_subscriptions').whereIn('endpoint', [adminSub.endpoint, repSub.endpoint]);
    expect(left).toEqual([]);
  });

  /** Rows as a database from before the endpoint rule and the caps could hold them, on one session of `who`. */
  async function storedDirectly(who: SignedIn, subs: FakeSubscription[]): Promise<void> {
    const session = await app.db('sessions').where({ user_id: who.user.id }).first('id');
    const now = new Date().toISOString();
    await app.db('push_subscriptions').insert(subs.map((s) => ({ user_id: who.user.id, session_id: session.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, created_at: now })));
  }
  const wantsAll = async (who: SignedIn) =>
    expect((await as(app, who, 'PUT', '/api/admin/notifications/preferences', { enabled: true, leads: true, samples: true, captures: true, crmFailures: true })).status).toBe(200);

  it(`sends take turns - ten devices to push, never more than ${PUSH_CONCURRENCY} requests at once`, async () => {
    const many = await signInAs(app);
    await wantsAll(many);
    const subs = Array.from({ length: 10 }, () => push.subscribe());
    await storedDirectly(many, subs);
    expect(push.inFlight().most).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    const release = push.hold();
    const event = leadCreated({ type: 'capture.created', repUserId: null });
    app.deps.live.publish(event);
    // The answers are held: as many requests as may be in flight arrive, and wait.
    await vi.waitFor(() => expect(push.inFlight().now).toBeGreaterThanOrEqual(PUSH_CONCURRENCY), { timeout: 5000 });
    release();
    for (const sub of subs) await until(() => receivedBy(sub, event.recordId), 'every push');
    expect(push.inFlight().most).toBe(PUSH_CONCURRENCY);
  });

  it('a stored endpoint off the push services (from before the rule) - never sent to, and forgotten', async () => {
    const old = await signInAs(app);
    await wantsAll(old);
    const good = push.subscribe();
    const path = `/push/legacy-${Date.now()}`;
    // The fake's agent would carry any of these to the fake, so a request for `path` would show there.
    const legacy = [`https://127.0.0.1:5999${path}`, `https://push.fake.test:8443${path}`, `https://internal.example${path}`];
    await storedDirectly(old, [good, ...legacy.map((endpoint) => ({ endpoint, keys: good.keys }))]);
    const event = leadCreated();
    app.deps.live.publish(event);
    await until(() => receivedBy(good, event.recordId), 'the push to the allowed endpoint');
    await vi.waitFor(async () => expect(await app.db('push_subscriptions').whereIn('endpoint', legacy)).toEqual([]), { timeout: 5000 });
    expect(push.requests.filter((e) => e.endsWith(path))).toEqual([]);
  });

  it("the product's own agent - refuses to connect to a host that resolves inward, whatever was checked before", async () => {
    // Port 1 has nothing listening: without the guard the error would be ECONNREFUSED, after a connection attempt.
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = https.request('https://localhost:1/push/x', { method: 'POST', agent: pushAgent({}) }, () => resolve(new Error('answered') as NodeJS.ErrnoException));
      req.on('error', (err) => resolve(err as NodeJS.ErrnoException));
      req.end();
    });
    expect(error.code).toBe('EPUSHINWARD');
    expect(error.message).toMatch(/localhost resolves to an address inside a private network \(127\.0\.0\.1\)/);
  });

  it('addresses counted as inward - loopback, private, link-local, unique-local, CGNAT, unspecified; public ones not', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '::', '::1', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '::ffff:10.0.0.1', '224.0.0.1', '255.255.255.255', 'not-an-address']) {
      expect(isInwardAddress(a), a).toBe(true);
    }
    for (const a of ['142.250.74.10', '172.32.0.1', '100.128.0.1', '8.8.8.8', '2a00:1450:4001:82f::200a', '2001:db8::1', '203.0.113.5']) {
      expect(isInwardAddress(a), a).toBe(false);
    }
  });

  it('VAPID keys - generated once into the data folder when the environment has none, the same pair after', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-vapid-'));
    const config = { ...app.deps.config, dataDir, push: { ...app.deps.config.push, vapidKeys: undefined } };
    const first = vapidKeysOf(config);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(vapidKeysOf({ ...config })).toEqual(first);
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
