// Doors close at once: an open live stream follows its account within a second of a change, not at its next
// heartbeat (set here to a minute, so only the change itself can end or re-filter a stream in time). A sign-out
// on the device or from another, an admin ending the devices, a deactivation and a password reset end the
// account's streams; a new role re-filters them.
import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { openEventStream, type OpenStream, type StreamEvent } from '../../testing/event-stream';
import { signIn } from '../../testing/auth';
import { leadBody } from '../../testing/leads';
import { as } from '../../testing/team';

/** What the product promises: a closed door closes within a second. */
const CLOSES_WITHIN_MS = 1000;

describe.each(ENGINES)('live streams follow their account at once on %s', (engine) => {
  const app = useTestApp(engine, { config: { live: { heartbeatMs: 60_000 } } });
  let admin: SignedIn;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  const stream = async (who: { cookie: string }) => {
    const s = await openEventStream(`${app.baseUrl}/api/admin/live`, { Cookie: who.cookie });
    open.push(s);
    await s.next((e) => e.event === 'ready');
    return s;
  };
  /** Resolves when the server ended the stream; fails when it is still open `ms` after the change answered. */
  const endsWithin = (s: OpenStream, ms = CLOSES_WITHIN_MS) =>
    Promise.race([s.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve(`still open after ${ms} ms`), ms))]);
  const leadNamed = (email: string) => (e: StreamEvent) => e.event === 'live' && JSON.parse(e.data).record?.email === email;
  const postLead = async (email: string) => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email }), { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
  };
  const capture = async (who: SignedIn, email: string) => {
    const body = { eventName: 'Door Expo', firstName: 'Cam', lastName: 'Capture', email };
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', body, { Cookie: who.cookie, 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
  };

  it('signing out on the device - its stream ends at once', async () => {
    const who = await signInAs(app, 'rep', 'Sam Signout');
    const s = await stream(who);
    expect((await api(app.baseUrl, 'POST', '/api/logout', undefined, { Cookie: who.cookie })).status).toBeLessThan(400);
    expect(await endsWithin(s)).toBe('ended');
  });

  it('"sign out everywhere else" on another device - the other devices\' streams end at once, its own stays', async () => {
    const laptop = await signInAs(app, 'admin', 'Lee Laptop');
    const phone = await signIn(app.baseUrl, laptop.user.email, TEST_PASSWORD);
    const onLaptop = await stream(laptop);
    const onPhone = await stream(phone);
    expect((await as(app, phone, 'POST', '/api/auth/sessions/sign-out-others')).status).toBe(200);
    expect(await endsWithin(onLaptop)).toBe('ended');
    // The phone's stream goes on: the next lead reaches it.
    const email = `after-others-${crypto.randomUUID()}@example.com`;
    await postLead(email);
    await onPhone.next(leadNamed(email));
  });

  it('an admin ends all of an account\'s devices - its streams end at once', async () => {
    const who = await signInAs(app, 'rep', 'Ann Ended');
    const s = await stream(who);
    expect((await as(app, admin, 'DELETE', `/api/admin/users/${who.user.id}/sessions`)).status).toBeLessThan(300);
    expect(await endsWithin(s)).toBe('ended');
  });

  it('deactivated - its streams end at once', async () => {
    const who = await signInAs(app, 'admin', 'Dee Activated');
    const s = await stream(who);
    expect((await as(app, admin, 'POST', `/api/admin/users/${who.user.id}/deactivate`)).status).toBe(200);
    expect(await endsWithin(s)).toBe('ended');
  });

  it('password reset - its streams end at once', async () => {
    const who = await signInAs(app, 'rep', 'Reese Reset');
    const s = await stream(who);
    expect((await as(app, admin, 'POST', `/api/admin/users/${who.user.id}/password-reset`)).status).toBeLessThan(300);
    expect(await endsWithin(s)).toBe('ended');
  });

  it('an admin made rep - the open stream sends website leads no more, only their own captures', async () => {
    const who = await signInAs(app, 'admin', 'Deb Demoted');
    const s = await stream(who);
    const before = `before-${crypto.randomUUID()}@example.com`;
    await postLead(before);
    await s.next(leadNamed(before));
    expect((await as(app, admin, 'PATCH', `/api/admin/users/${who.user.id}`, { role: 'rep' })).status).toBe(200);
    // Stored right after the change answered: a lead a rep may not see, then a capture of their own.
    const website = `website-${crypto.randomUUID()}@example.com`;
    await postLead(website);
    const own = `own-${crypto.randomUUID()}@example.com`;
    await capture(who, own);
    await s.next(leadNamed(own));
    expect(s.events.some(leadNamed(website))).toBe(false);
  });

  it('a rep made admin - the open stream sends every lead from then on', async () => {
    const who = await signInAs(app, 'rep', 'Pat Promoted');
    const s = await stream(who);
    expect((await as(app, admin, 'PATCH', `/api/admin/users/${who.user.id}`, { role: 'admin' })).status).toBe(200);
    const website = `promoted-${crypto.randomUUID()}@example.com`;
    await postLead(website);
    await s.next(leadNamed(website), CLOSES_WITHIN_MS * 5);
  });

  it("another account's change - this stream is neither ended nor held", async () => {
    const bystander = await signInAs(app, 'admin', 'Bea Bystander');
    const other = await signInAs(app, 'rep', 'Otto Other');
    const s = await stream(bystander);
    expect((await as(app, admin, 'POST', `/api/admin/users/${other.user.id}/deactivate`)).status).toBe(200);
    const email = `bystander-${crypto.randomUUID()}@example.com`;
    await postLead(email);
    await s.next(leadNamed(email));
    expect(await Promise.race([s.ended.then(() => 'ended'), Promise.resolve('open')])).toBe('open');
  });
});
