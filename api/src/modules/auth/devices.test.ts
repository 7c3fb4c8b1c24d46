// Devices: each session's browser and system from its User-Agent, when it signed in and was last active; ending
// one, every other one, or (an admin) all of an account's. The ended device is refused (401) at its next request.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from '../../testing/test-app';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { as, member } from '../../testing/team';
import { signIn } from '../../testing/auth';
import { ACTIVITY_EVERY_MS } from './session';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe.each(ENGINES)('devices on %s', (engine) => {
  let now = Date.parse('2026-11-25T09:00:00.000Z');
  const app = useTestApp(engine, { clock: () => new Date(now) });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });

  /** A rep signed in on three devices, a minute apart. */
  async function repOnThreeDevices() {
    const rep = await signInAs(app, 'rep', 'Dev Rep');
    const devices = [];
    for (const ua of [IPHONE, WINDOWS_EDGE, MAC_CHROME]) {
      now += 60_000;
      devices.push(await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD, { 'User-Agent': ua }));
    }
    return { rep, iphone: devices[0]!, windows: devices[1]!, mac: devices[2]! };
  }

  it('my devices - each with its browser, system and kind, when it signed in, the one asking marked current', async () => {
    const { iphone } = await repOnThreeDevices();
    const res = await as(app, iphone, 'GET', '/api/auth/sessions');
    expect(res.status).toBe(200);
    const described = res.json.map((d: Record<string, unknown>) => [d.browser, d.os, d.deviceType, d.current]);
    // Most recently active first; the fourth is signInAs's own session (Node's fetch).
    expect(described).toEqual([
      ['Chrome 130', 'macOS', 'desktop', false],
      ['Microsoft Edge 131', 'Windows', 'desktop', false],
      ['Safari 17', 'iOS', 'mobile', true],
      [null, null, 'other', false],
    ]);
    const iphoneRow = res.json.find((d: { current: boolean }) => d.current);
    expect(iphoneRow).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{64}$/), signedInAt: iphoneRow.lastActiveAt });
    expect(Date.parse(iphoneRow.signedInAt)).toBe(now - 2 * 60_000);
  });

  it('sign out one of my other devices - 204, that device is refused (401) at its next request, the others go on', async () => {
    const { rep, iphone, windows, mac } = await repOnThreeDevices();
    const list = (await as(app, iphone, 'GET', '/api/auth/sessions')).json;
    const windowsId = list.find((d: { browser: string }) => d.browser === 'Microsoft Edge 131').id;
    expect((await as(app, iphone, 'DELETE', `/api/auth/sessions/${windowsId}`)).status).toBe(204);
    expect((await as(app, windows, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await as(app, mac, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await as(app, iphone, 'GET', '/api/auth/user')).status).toBe(200);
    const log = (await as(app, admin, 'GET', '/api/admin/staff-audit?action=session.end')).json;
    expect(log[0]).toMatchObject({ actorName: 'Dev Rep', subject: `user:${rep.user.id}`, details: { device: 'Microsoft Edge 131 on Windows (desktop)' } });
  });

  it('sign out everywhere else - every other session ends, this one stays', async () => {
    const { rep, iphone, windows, mac } = await repOnThreeDevices();
    const res = await as(app, mac, 'POST', '/api/auth/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ended: 3 });
    for (const device of [rep, iphone, windows]) expect((await as(app, device, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await as(app, mac, 'GET', '/api/auth/sessions')).json).toHaveLength(1);
  });

  it('sign out this device from the list - 204, its cookie cleared, its next request 401', async () => {
    const { iphone } = await repOnThreeDevices();
    const mine = (await as(app, iphone, 'GET', '/api/auth/sessions')).json.find((d: { current: boolean }) => d.current);
    const res = await as(app, iphone, 'DELETE', `/api/auth/sessions/${mine.id}`);
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /^dm\.sid=;/.test(c))).toBe(true);
    expect((await as(app, iphone, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it("another account's session through my own list - 404, and it goes on; a malformed id - 404", async () => {
    const { iphone } = await repOnThreeDevices();
    const adminsOwn = (await as(app, admin, 'GET', '/api/auth/sessions')).json[0].id;
    expect((await as(app, iphone, 'DELETE', `/api/auth/sessions/${adminsOwn}`)).status).toBe(404);
    expect((await as(app, admin, 'GET', '/api/auth/user')).status).toBe(200);
    for (const id of ['nope', 'A'.repeat(64), 'a'.repeat(65)]) {
      const res = await as(app, iphone, 'DELETE', `/api/auth/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Session not found' });
    }
  });

  it("an admin ends one of a rep's devices, then all of them - each refused at its next request", async () => {
    const { rep, iphone, windows, mac } = await repOnThreeDevices();
    const list = await as(app, admin, 'GET', `/api/admin/users/${rep.user.id}/sessions`);
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(4);
    expect(list.json.every((d: { current: boolean }) => !d.current)).toBe(true);
    const iphoneId = list.json.find((d: { os: string }) => d.os === 'iOS').id;
    expect((await as(app, admin, 'DELETE', `/api/admin/users/${rep.user.id}/sessions/${iphoneId}`)).status).toBe(204);
    expect((await as(app, iphone, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await as(app, windows, 'GET', '/api/auth/user')).status).toBe(200);
    // An id of another account's session under this account - 404.
    const adminsOwn = (await as(app, admin, 'GET', '/api/auth/sessions')).json[0].id;
    expect((await as(app, admin, 'DELETE', `/api/admin/users/${rep.user.id}/sessions/${adminsOwn}`)).status).toBe(404);

    const all = await as(app, admin, 'DELETE', `/api/admin/users/${rep.user.id}/sessions`);
    expect(all.json).toEqual({ ended: 3 });
    for (const device of [rep, windows, mac]) expect((await as(app, device, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await member(app, admin, rep.user.id))?.deviceCount).toBe(0);
    const log = (await as(app, admin, 'GET', `/api/admin/staff-audit?actor=${admin.user.id}&limit=2`)).json;
    expect(log.map((l: { action: string; details: { ended?: number } }) => [l.action, l.details.ended])).toEqual([
      ['session.end_all', 3],
      ['session.end', undefined],
    ]);
  });

  it('last active - moves forward when a session is used after 5 minutes, not on every request; shown on the Team list', async () => {
    const { rep, iphone } = await repOnThreeDevices();
    const activityOf = async () => {
      const row = (await as(app, iphone, 'GET', '/api/auth/sessions')).json.find((d: { current: boolean }) => d.current);
      return row.lastActiveAt as string;
    };
    const signedIn = await activityOf();
    now = Date.parse(signedIn) + ACTIVITY_EVERY_MS - 1000;
    await as(app, iphone, 'GET', '/api/auth/user');
    expect(await activityOf()).toBe(signedIn);
    now += 2000;
    const usedAt = new Date(now).toISOString();
    await as(app, iphone, 'GET', '/api/auth/user');
    // Written beside the request, not before its answer: wait for it to land.
    await expect.poll(activityOf).toBe(usedAt);
    await expect.poll(async () => (await member(app, admin, rep.user.id))?.lastActiveAt).toBe(usedAt);
  });
});
