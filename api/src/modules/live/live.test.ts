// GET /api/admin/live: the staff's live stream, on both engines, over real HTTP.
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { openEventStream, type OpenStream, type StreamEvent } from '../../testing/event-stream';
import { leadBody } from '../../testing/leads';
import { readerOf } from '../../db/knex';
import { withWholeRecord } from '../../contract';

const HEARTBEAT_MS = 150;

/** The stream's bytes as they arrive, undecoded: `text()` inflates what came so far, `ended` the whole body. */
function rawStream(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; text: () => string; ended: Promise<Buffer> }>((resolve, reject) => {
    http
      .get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        const ended = new Promise<Buffer>((done) => res.on('end', () => done(Buffer.concat(chunks))));
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        // What arrived so far, inflated as far as it goes (a stream under way has no trailer yet).
        const text = () => zlib.inflateRawSync(Buffer.concat(chunks).subarray(10), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
        resolve({ headers: res.headers, text, ended });
      })
      .on('error', reject);
  });
}

describe.each(ENGINES)('live stream on %s', (engine) => {
  const app = useTestApp(engine, { config: { live: { heartbeatMs: HEARTBEAT_MS } } });
  let admin: SignedIn;
  let rep: SignedIn;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  const stream = async (who: SignedIn, lastEventId?: string) => {
    const s = await openEventStream(`${app.baseUrl}/api/admin/live`, { Cookie: who.cookie, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) });
    open.push(s);
    return s;
  };
  const ready = (s: OpenStream) => s.next((e) => e.event === 'ready');
  const leadNamed = (email: string) => (e: StreamEvent) => e.event === 'live' && JSON.parse(e.data).record?.email === email;
  const postLead = async (email: string, overrides = {}) => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email, ...overrides }), { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  };

  it('opens as an unbuffered event stream, gzip when accepted - ready with an id, then heartbeats, each as it is sent', async () => {
    const s = await stream(admin); // fetch accepts gzip, as browsers do, and reads it as it comes
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBe('gzip');
    expect(s.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(s.headers.get('cache-control')).toBe('no-store');
    const first = await ready(s);
    expect(first.id).toMatch(/^\d+$/);
    await expect.poll(() => s.comments(), { timeout: 3000 }).toBeGreaterThan(0);

    const plain = await openEventStream(`${app.baseUrl}/api/admin/live`, { Cookie: admin.cookie, 'Accept-Encoding': 'identity' });
    open.push(plain);
    expect(plain.headers.get('content-encoding')).toBeNull();
    await ready(plain);
    const email = `plain-${crypto.randomUUID()}@example.com`;
    await postLead(email);
    await Promise.all([plain.next(leadNamed(email)), s.next(leadNamed(email))]);
  });

  it('a gzip stream that the server ends - one whole gzip file (trailer and checksum), every frame in it', async () => {
    const who = await signInAs(app, 'admin', 'Gus Gzip');
    const raw = await rawStream(`${app.baseUrl}/api/admin/live?records=compact`, { Cookie: who.cookie, 'Accept-Encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    const email = `gzip-${crypto.randomUUID()}@example.com`;
    await expect.poll(() => raw.text().includes('event: ready'), { timeout: 3000 }).toBe(true);
    await postLead(email);
    await expect.poll(() => raw.text().includes(email), { timeout: 3000 }).toBe(true);
    await api(app.baseUrl, 'POST', '/api/logout', undefined, { Cookie: who.cookie });
    const body = await raw.ended;
    // gunzipSync checks the trailer's CRC-32 and length against what it inflated.
    const text = zlib.gunzipSync(body).toString();
    expect(text).toMatch(/^retry: 2000\n\n/);
    expect(text).toContain('event: ready');
    expect(text).toContain(email);
  });

  it('a first stream with since - what was stored from that moment on comes before ready; a rep gets only theirs', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const watching = await stream(admin);
    await ready(watching);
    const email = `since-${crypto.randomUUID()}@example.com`;
    await postLead(email);
    await watching.next(leadNamed(email)); // stored in the window
    const url = `${app.baseUrl}/api/admin/live?since=${encodeURIComponent(since)}`;
    const first = await openEventStream(url, { Cookie: admin.cookie });
    open.push(first);
    const readyFrame = await ready(first);
    const replayed = first.events.findIndex(leadNamed(email));
    expect(replayed).toBeGreaterThanOrEqual(0);
    expect(replayed).toBeLessThan(first.events.indexOf(readyFrame));
    expect(Number(readyFrame.id)).toBeGreaterThanOrEqual(Number(first.events[replayed]!.id));
    const repFirst = await openEventStream(url, { Cookie: rep.cookie });
    open.push(repFirst);
    await ready(repFirst);
    expect(repFirst.events.some(leadNamed(email))).toBe(false);
  });

  it('since older than the replay window - reset; not a date - 400 with a message', async () => {
    const old = await openEventStream(`${app.baseUrl}/api/admin/live?since=${encodeURIComponent(new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString())}`, { Cookie: admin.cookie });
    open.push(old);
    await ready(old);
    expect(old.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    const bad = await api(app.baseUrl, 'GET', '/api/admin/live?since=yesterday-ish', undefined, { Cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/since/);
  });

  it('without a session - 401, no stream', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/admin/live', undefined, { Accept: 'text/event-stream' });
    expect(res.status).toBe(401);
  });

  it('a lead posted to the form - reaches an open stream with its id and the lead as the list shows it', async () => {
    const s = await stream(admin);
    await ready(s);
    const email = `live-${crypto.randomUUID()}@example.com`;
    const { id } = await postLead(email);
    const e = await s.next(leadNamed(email));
    const event = JSON.parse(e.data);
    expect(e.id).toBe(event.id);
    expect(event).toMatchObject({ type: 'lead.created', recordId: id, title: 'Ada Lovelace, Analytical Engines', repUserId: null, recordKind: 'lead' });
    expect(event.record).toMatchObject({ id, email, status: 'new' });
  });

  it('leads stored while a stream is open - their events reach it from the process that wrote them, never read back from the window', async () => {
    const s = await stream(admin);
    await ready(s);
    // A read of the window by number is how the hub takes another process's events (or ones it did not hold).
    const readBack: string[] = [];
    const watch = (q: { sql: string }) => {
      if (/from\s+["`]live_events["`]\s+where\s+["`]id["`]\s+in/i.test(q.sql)) readBack.push(q.sql);
    };
    const readers = [...new Set([app.db, readerOf(app.db)])];
    for (const db of readers) db.on('query', watch);
    try {
      const emails = Array.from({ length: 5 }, () => `held-${crypto.randomUUID()}@example.com`);
      await Promise.all(emails.map((email) => postLead(email)));
      for (const email of emails) await s.next(leadNamed(email));
    } finally {
      for (const db of readers) db.off('query', watch);
    }
    expect(readBack).toEqual([]);
  });

  it('records=compact - each record without its null fields, live and replayed, whole again through withWholeRecord; another value - 400', async () => {
    const whole = await stream(admin);
    const compactOpen = async (query = '') => {
      const s = await openEventStream(`${app.baseUrl}/api/admin/live?records=compact${query}`, { Cookie: admin.cookie });
      open.push(s);
      return s;
    };
    const compact = await compactOpen();
    await Promise.all([ready(whole), ready(compact)]);
    const email = `compact-${crypto.randomUUID()}@example.com`;
    await postLead(email, { company: '', phone: '' });
    const [wholeFrame, compactFrame] = await Promise.all([whole.next(leadNamed(email)), compact.next(leadNamed(email))]);
    const wholeEvent = JSON.parse(wholeFrame.data);
    const compactEvent = JSON.parse(compactFrame.data);
    expect(wholeEvent.record).toMatchObject({ company: null, phone: null, owner: null });
    expect(Object.values(compactEvent.record)).not.toContain(null);
    expect(compactEvent.record).not.toHaveProperty('company');
    expect(compactFrame.data.length).toBeLessThan(wholeFrame.data.length * 0.7);
    expect(withWholeRecord(compactEvent)).toEqual(wholeEvent);

    // Replayed after a Last-Event-ID, the same compact form.
    const resumed = await compactOpen(`&lastEventId=${Number(compactEvent.id) - 1}`);
    await ready(resumed);
    expect(JSON.parse(resumed.events.find(leadNamed(email))!.data)).toEqual(compactEvent);

    const bad = await api(app.baseUrl, 'GET', '/api/admin/live?records=short', undefined, { Cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('records must be compact, or left out for whole records');
  });

  it('a sample request, then marked processed - sample.created and sample.updated, the request as the list shows it', async () => {
    const s = await stream(admin);
    await ready(s);
    const email = `sample-${crypto.randomUUID()}@example.com`;
    const body = { firstName: 'Sam', lastName: 'Ple', email, addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'postcards', elapsedMs: 9000 };
    const res = await api(app.baseUrl, 'POST', '/api/print-samples', body, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
    const created = JSON.parse((await s.next((e) => e.event === 'live' && JSON.parse(e.data).record?.email === email)).data);
    expect(created).toMatchObject({ type: 'sample.created', recordKind: 'sample', recordId: res.json.id, repUserId: null, title: 'Sam Ple' });
    expect(created.record).toMatchObject({ id: res.json.id, processed: false });
    const patched = await api(app.baseUrl, 'PUT', `/api/admin/print-samples/${res.json.id}`, { processed: true }, { Cookie: admin.cookie });
    expect(patched.status).toBe(200);
    const updated = JSON.parse((await s.next((e) => e.event === 'live' && JSON.parse(e.data).type === 'sample.updated')).data);
    expect(updated.record).toMatchObject({ id: res.json.id, processed: true });
  });

  it('suspected spam - not announced until it is released', async () => {
    const s = await stream(admin);
    await ready(s);
    const spam = `spam-${crypto.randomUUID()}@example.com`;
    const { id } = await postLead(spam, { elapsedMs: 100 });
    const marker = `after-${crypto.randomUUID()}@example.com`;
    await postLead(marker);
    await s.next(leadNamed(marker));
    expect(s.events.some(leadNamed(spam))).toBe(false);
    const released = await api(app.baseUrl, 'POST', `/api/admin/leads/${id}/release`, undefined, { Cookie: admin.cookie });
    expect(released.status).toBe(200);
    expect(JSON.parse((await s.next(leadNamed(spam))).data).type).toBe('lead.created');
  });

  it('resumes with Last-Event-ID - the events missed in between, and nothing before them', async () => {
    const s = await stream(admin);
    const start = (await ready(s)).id!;
    s.close();
    const missed = [`m1-${crypto.randomUUID()}@example.com`, `m2-${crypto.randomUUID()}@example.com`];
    for (const email of missed) await postLead(email);
    const again = await stream(admin, start);
    const resumed = await ready(again);
    expect(JSON.parse(resumed.data)).toEqual({ resumed: true });
    // Each arrives once, in order: replayed, or (stored a moment after its answer) live right after.
    await again.next(leadNamed(missed[1]!));
    const live = again.events.filter((e) => e.event === 'live').map((e) => JSON.parse(e.data).record.email);
    expect(live).toEqual(missed);
  });

  it('Last-Event-ID older than the window or unknown - a reset, then the stream goes on', async () => {
    const s = await stream(admin);
    const start = Number((await ready(s)).id);
    await postLead(`gap1-${crypto.randomUUID()}@example.com`);
    await postLead(`gap2-${crypto.randomUUID()}@example.com`);
    await s.next((e) => e.event === 'live' && Number(e.id) >= start + 2);
    // What the window pruned (events older than it) can no longer be replayed.
    await app.db('live_events').where('id', '<=', start + 1).delete();
    const behind = await stream(admin, String(start));
    expect((await behind.next((e) => e.event === 'reset')).id).toMatch(/^\d+$/);
    await ready(behind);
    for (const unknown of [String(start + 1000), 'not-a-number']) {
      const other = await stream(admin, unknown);
      await other.next((e) => e.event === 'reset');
    }
    const email = `after-reset-${crypto.randomUUID()}@example.com`;
    await postLead(email);
    await behind.next(leadNamed(email));
    expect(behind.events.filter((e) => e.event === 'live')).toHaveLength(1);
  });

  it("a rep's stream - only the rep's own captures, never a website lead or another rep's capture", async () => {
    const other = await signInAs(app, 'rep', 'Otto Other');
    const repStream = await stream(rep);
    const adminStream = await stream(admin);
    await Promise.all([ready(repStream), ready(adminStream)]);
    const website = `web-${crypto.randomUUID()}@example.com`;
    await postLead(website);
    const capture = (who: SignedIn, email: string) =>
      api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: 'Live Expo', firstName: 'Cam', lastName: 'Capture', email }, { Cookie: who.cookie, 'Idempotency-Key': crypto.randomUUID() });
    const others = `other-${crypto.randomUUID()}@example.com`;
    expect((await capture(other, others)).status).toBe(201);
    const mine = `mine-${crypto.randomUUID()}@example.com`;
    expect((await capture(rep, mine)).status).toBe(201);
    const seen = JSON.parse((await repStream.next(leadNamed(mine))).data);
    expect(seen).toMatchObject({ type: 'capture.created', repUserId: rep.user.id });
    // The admin sees all three; by then the rep's stream has had its chance to carry the others too.
    await adminStream.next(leadNamed(mine));
    await adminStream.next(leadNamed(others));
    await adminStream.next(leadNamed(website));
    const repEmails = repStream.events.filter((e) => e.event === 'live').map((e) => JSON.parse(e.data).record.email);
    expect(repEmails).toEqual([mine]);
    // A resume replays by the same rule.
    const replay = await stream(rep, String(Number((await ready(repStream)).id)));
    await ready(replay);
    expect(replay.events.filter((e) => e.event === 'live').map((e) => JSON.parse(e.data).record.email)).toEqual([mine]);
  });

  it('signing out - the stream ends at the next heartbeat', async () => {
    const who = await signInAs(app, 'admin', 'Sam Signout');
    const s = await stream(who);
    await ready(s);
    const out = await api(app.baseUrl, 'POST', '/api/logout', undefined, { Cookie: who.cookie });
    expect(out.status).toBeLessThan(400);
    await s.ended;
    const after = await api(app.baseUrl, 'GET', '/api/admin/live', undefined, { Cookie: who.cookie });
    expect(after.status).toBe(401);
  });

  it('the account deactivated - its stream ends', async () => {
    const who = await signInAs(app, 'rep', 'Dee Activated');
    const s = await stream(who);
    await ready(s);
    const res = await api(app.baseUrl, 'POST', `/api/admin/users/${who.user.id}/deactivate`, undefined, { Cookie: admin.cookie });
    expect(res.status).toBe(200);
    await s.ended;
  });
});
