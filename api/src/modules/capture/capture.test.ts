// POST /api/capture/leads and the dashboard's event filter, over real HTTP with real sessions, on
// SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { LEAD_SOURCE_LABEL, type CaptureInput } from '../../contract';
import { NOTES_SEPARATOR } from './capture-service';
import { findLead } from '../leads/leads-queries';

const EVENT = 'MBA Annual 2026';

const person = (i: number, overrides: Partial<CaptureInput> = {}): CaptureInput => ({
  eventName: EVENT,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `person${i}@example.com`,
  ...overrides,
});

describe.each(ENGINES)('event capture on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;
  let rep: SignedIn;

  const capture = (body: unknown, who: SignedIn | null = rep, key: string | null = crypto.randomUUID()) =>
    api(app.baseUrl, 'POST', '/api/capture/leads', body, {
      ...(who ? { Cookie: who.cookie } : {}),
      ...(key !== null ? { 'Idempotency-Key': key } : {}),
    });
  const get = (path: string, who: SignedIn = admin) => api(app.baseUrl, 'GET', path, undefined, { Cookie: who.cookie });
  // The capture's answer carries only the lead's id: the stored lead is read as the admin sees it.
  const leadOf = async (res: { json: { id: number } }) => findLead(app.db, res.json.id);
  const leadsByEmail = (email: string) => app.db('leads').whereRaw('lower(email) = ?', [email.toLowerCase()]);
  const rollups = async () =>
    Object.fromEntries(
      ((await app.db('lead_rollups').select('status', 'volume').sum({ n: 'count' }).groupBy('status', 'volume')) as { status: string; volume: string; n: unknown }[]).map((r) => [
        `${r.status}/${r.volume}`,
        Number(r.n),
      ]),
    );

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });

  it('a rep captures a lead - 201, source "Event: <name>", the fixed lead source, the event and the rep', async () => {
    const res = await capture(person(1, { company: 'Acme', phone: '555 0100', industry: 'retail', volume: '1000-5000', notes: 'Wants a demo' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), merged: false, eventName: EVENT, capturedAt: expect.stringMatching(/Z$/) });
    expect(await leadOf(res)).toEqual(
      expect.objectContaining({
        firstName: 'First1', lastName: 'Last1', email: 'person1@example.com', company: 'Acme', phone: '555 0100',
        industry: 'retail', volume: '1000-5000', message: 'Wants a demo', leadSource: LEAD_SOURCE_LABEL,
        source: `Event: ${EVENT}`, status: 'new', eventName: EVENT, capturedBy: 'Rita Rep',
      }),
    );
    const row = await leadsByEmail('person1@example.com').first();
    expect(row).toMatchObject({ event_name: EVENT, captured_by: rep.user.id, source: `Event: ${EVENT}`, lead_source: LEAD_SOURCE_LABEL });
    // Like every lead: counted in the rollups and queued for the CRM in the same transaction.
    expect((await rollups())['new/1000-5000']).toBe(1);
    expect(await app.db('crm_sync_jobs').where({ kind: 'lead', record_id: row.id }).first()).toBeTruthy();
  });

  it('an admin may capture too - 201', async () => {
    const res = await capture(person(2), admin);
    expect(res.status).toBe(201);
    expect((await leadOf(res))?.capturedBy).toBe('Ada Admin');
  });

  it('the same e-mail at the same event - 200 merged: one lead, notes appended, empty fields filled, none overwritten', async () => {
    const first = await capture(person(3, { company: 'First Co', notes: 'Met at booth 12' }));
    expect(first.status).toBe(201);
    const before = await rollups();
    const second = await capture(person(3, { email: 'PERSON3@Example.com', firstName: 'Changed', company: 'Other Co', phone: '555 0199', volume: 'over-100000', notes: 'Follow up in May' }));
    expect(second.status).toBe(200);
    expect(second.json.merged).toBe(true);
    expect(second.json.id).toBe(first.json.id);
    expect(await leadOf(second)).toMatchObject({
      id: first.json.id, firstName: 'First3', company: 'First Co', phone: '555 0199', volume: 'over-100000',
      message: `Met at booth 12${NOTES_SEPARATOR}Follow up in May`, capturedBy: 'Rita Rep',
    });
    const rows = await leadsByEmail('person3@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ company: 'First Co', phone: '555 0199', volume: 'over-100000', message: `Met at booth 12${NOTES_SEPARATOR}Follow up in May` });
    // The filled volume moved the lead's count from "no volume" to its bucket; the total is unchanged.
    const after = await rollups();
    expect(after['new/']).toBe(before['new/']! - 1);
    expect(after['new/over-100000']).toBe((before['new/over-100000'] ?? 0) + 1);

    const third = await capture(person(3, { notes: 'Third visit' }), admin);
    expect((await leadOf(third))?.message).toBe(`Met at booth 12${NOTES_SEPARATOR}Follow up in May${NOTES_SEPARATOR}Third visit`);
  });

  it('a capture without notes merges without touching the notes', async () => {
    await capture(person(4, { notes: 'Only note' }));
    const again = await capture(person(4));
    expect(again.status).toBe(200);
    expect((await leadOf(again))?.message).toBe('Only note');
  });

  it('the same e-mail at another event, or from the website - separate leads', async () => {
    await capture(person(5));
    const other = await capture(person(5, { eventName: 'Another Expo' }));
    expect(other.status).toBe(201);
    const web = await api(app.baseUrl, 'POST', '/api/leads', { firstName: 'W', lastName: 'Eb', email: 'person5@example.com' });
    expect(web.status).toBe(201);
    expect(await leadsByEmail('person5@example.com')).toHaveLength(3);
  });

  it('replayed with the same key - the first answer again, stored once, notes not appended twice', async () => {
    const key = crypto.randomUUID();
    const first = await capture(person(6, { notes: 'a' }), rep, key);
    const replay = await capture(person(6, { notes: 'a' }), rep, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);

    const mergeKey = crypto.randomUUID();
    const merge = await capture(person(6, { notes: 'b' }), rep, mergeKey);
    const mergeReplay = await capture(person(6, { notes: 'b' }), rep, mergeKey);
    expect(merge.status).toBe(200);
    expect(mergeReplay.status).toBe(200);
    expect(mergeReplay.headers.get('idempotent-replayed')).toBe('true');
    const rows = await leadsByEmail('person6@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].message).toBe(`a${NOTES_SEPARATOR}b`);

    // The same key with another body is a client bug: refused, nothing stored.
    const mismatch = await capture(person(6, { notes: 'c' }), rep, key);
    expect(mismatch.status).toBe(422);
  });

  it('replayed after the session changed hands - the stored answer, not a second lead', async () => {
    const key = crypto.randomUUID();
    await capture(person(7), rep, key);
    const replay = await capture(person(7), admin, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await leadsByEmail('person7@example.com')).toHaveLength(1);
  });

  it('five captures of one person at once - one lead, four merges', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => capture(person(8, { notes: `note ${n}` }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await leadsByEmail('person8@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].message.split(NOTES_SEPARATOR).sort()).toEqual(['note 1', 'note 2', 'note 3', 'note 4', 'note 5']);
  });

  it('twenty-four captures at once, one person sent three times - twenty-two leads, two merges, counted once each', async () => {
    const before = Number((await app.db('leads').count({ n: '*' }).first())?.n);
    const people = [...Array.from({ length: 21 }, (_, i) => person(100 + i)), person(130, { notes: 'a' }), person(130, { notes: 'b' }), person(130, { notes: 'c' })];
    const results = await Promise.all(people.map((p) => capture(p)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(22);
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(Number((await app.db('leads').count({ n: '*' }).first())?.n)).toBe(before + 22);
    const rows = await leadsByEmail('person130@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].message.split(NOTES_SEPARATOR).sort()).toEqual(['a', 'b', 'c']);
    const rollups = Number((await app.db('lead_rollups').sum({ n: 'count' }).first())?.n);
    expect(rollups).toBe(before + 22);
  });

  it('without an Idempotency-Key - 400, nothing stored', async () => {
    const res = await capture(person(9), rep, null);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'Idempotency-Key': 'Required' });
    expect(await leadsByEmail('person9@example.com')).toHaveLength(0);
  });

  it.each([
    [{ eventName: '' }, 'eventName', 'Event name is required'],
    [{ eventName: '   ' }, 'eventName', 'Event name is required'],
    [{ eventName: 'x'.repeat(201) }, 'eventName', 'Must be at most 200 characters'],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    [{ volume: 'lots' }, 'volume', 'Please choose a volume from the list'],
    [{ notes: 'x'.repeat(5001) }, 'notes', 'Must be at most 5000 characters'],
  ])('invalid %j - 400 with the field message', async (overrides, field, message) => {
    const res = await capture(person(10, overrides as Partial<CaptureInput>));
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });

  it('an event name of 200 characters - stored, source label and all', async () => {
    const long = 'E'.repeat(200);
    const res = await capture(person(11, { eventName: `  ${long}  ` }));
    expect(res.status).toBe(201);
    expect(await leadOf(res)).toMatchObject({ eventName: long, source: `Event: ${long}` });
  });

  it('signed out - 401; unknown fields are dropped', async () => {
    const res = await capture(person(12), null);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
    const extra = await capture({ ...person(13), status: 'synced', captured_by: 999, source: 'Main Website' });
    expect(extra.status).toBe(201);
    expect(await leadOf(extra)).toMatchObject({ status: 'new', source: `Event: ${EVENT}`, capturedBy: 'Rita Rep' });
  });

  it.each([
    // GET /api/admin/leads answers a rep with the leads they own (issue #31; leads-admin.test.ts).
    ['GET', '/api/admin/leads.csv'],
    ['GET', '/api/admin/events'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/sample-templates'],
    ['GET', '/api/admin/print-samples'],
    ['GET', '/api/admin/pricing/products'],
    ['GET', '/api/admin/pricing/audit'],
    ['GET', '/api/admin/crm/status'],
    ['POST', '/api/admin/sample-templates'],
    ['POST', '/api/admin/pricing/products'],
    ['POST', '/api/admin/leads/1/retry-sync'],
  ])('a rep calling %s %s - 403', async (method, path) => {
    const res = await api(app.baseUrl, method, path, method === 'POST' ? {} : undefined, { Cookie: rep.cookie });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Forbidden' });
  });

  it('GET /api/admin/events - each event once with its lead count, latest first; 401 signed out', async () => {
    await capture(person(20, { eventName: 'Later Expo' }));
    const res = await get('/api/admin/events');
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({ name: 'Later Expo', leadCount: 1, lastCapturedAt: expect.stringMatching(/Z$/) });
    const names = res.json.map((e: { name: string }) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining([EVENT, 'Another Expo', 'Later Expo']));
    const mba = res.json.find((e: { name: string }) => e.name === EVENT);
    expect(mba.leadCount).toBe(Number((await app.db('leads').where({ event_name: EVENT }).count({ n: '*' }).first())?.n));
    expect((await api(app.baseUrl, 'GET', '/api/admin/events')).status).toBe(401);
  });

  it('GET /api/admin/leads?event= - only that event\'s leads, with event and rep; the Link keeps the filter; CSV too', async () => {
    const res = await get(`/api/admin/leads?event=${encodeURIComponent('Another Expo')}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({ email: 'person5@example.com', eventName: 'Another Expo', capturedBy: 'Rita Rep' });

    const page = await get(`/api/admin/leads?event=${encodeURIComponent(EVENT)}&limit=2`);
    expect(page.json.every((l: { eventName: string }) => l.eventName === EVENT)).toBe(true);
    expect(page.headers.get('link')).toContain(`event=${encodeURIComponent(EVENT).replace(/%20/g, '+')}`);

    // Website leads and unknown events stay out; website leads show no event or rep.
    expect((await get('/api/admin/leads?event=Nope')).json).toEqual([]);
    const all = (await get('/api/admin/leads?limit=500')).json;
    expect(all.find((l: { source: string }) => l.source === 'Main Website')).toMatchObject({ eventName: null, capturedBy: null });

    const csv = await get(`/api/admin/leads.csv?event=${encodeURIComponent('Another Expo')}`);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,Another Expo,Rita Rep,/);
  });

  it('event filter longer than an event name can be - 400', async () => {
    expect((await get(`/api/admin/leads?event=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
