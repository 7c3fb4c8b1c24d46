// Suspected spam over real HTTP on both engines: a public submission that trips the honeypot or the minimum
// fill time is stored in quarantine, answered exactly like a real one, kept out of the default lists, the stats
// and the CRM, listed under ?spam=1, released by "Not spam" (then counted and queued for the CRM), and deleted
// once it has waited QUARANTINE_DAYS unreleased.
import crypto from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../testing/test-app';
import { signInAs } from '../testing/sign-in';
import { HONEYPOT_FORM_FIELD, QUARANTINE_DAYS } from '../contract';
import { leadBody } from '../testing/leads';
import { startQuarantinePurgeTimer } from './quarantine';

const sampleBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', addressLine1: '1 Main St', city: 'Austin', state: 'TX',
  zip: '73301', sampleType: 'postcards', elapsedMs: 9000, ...overrides,
});

const KINDS = [
  { name: 'leads', post: '/api/leads', list: '/api/admin/leads', table: 'leads', job: 'lead', body: leadBody },
  { name: 'print samples', post: '/api/print-samples', list: '/api/admin/print-samples', table: 'sample_requests', job: 'sample_request', body: sampleBody },
] as const;

describe.each(ENGINES)('suspected spam on %s', (engine) => {
  let now = new Date();
  const app = useTestApp(engine, { clock: () => now });
  let cookie: string;
  const admin = (method: string, path: string) => api(app.baseUrl, method, path, undefined, { Cookie: cookie });
  const jobsFor = async (kind: string, id: number) => Number((await app.db('crm_sync_jobs').where({ kind, record_id: id }).count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    cookie = (await signInAs(app)).cookie;
  });
  beforeEach(async () => {
    now = new Date();
    for (const table of ['crm_sync_jobs', 'leads', 'lead_rollups', 'sample_requests', 'idempotency_keys']) await app.db(table).delete();
  });

  describe.each(KINDS)('$name', (kind) => {
    const post = (body: unknown, key = crypto.randomUUID()) => api(app.baseUrl, 'POST', kind.post, body, { 'Idempotency-Key': key });

    it.each([
      ['honeypot', 'honeypot', { [HONEYPOT_FORM_FIELD]: 'http://spam.example' }],
      // The honeypot's earlier name, replayed by a device that queued the submission before the rename.
      ['honeypot under its earlier name website', 'honeypot', { website: 'http://spam.example' }],
      ['fill_time', 'fill_time', { elapsedMs: 300 }],
    ])('%s - stored in quarantine, answered exactly like a real submission, not synced', async (_title, reason, extra) => {
      const real = await post(kind.body());
      const spam = await post(kind.body(extra));
      expect(spam.status).toBe(201);
      // Same fields, same kinds of values: nothing in the answer tells the sender it was caught.
      expect(Object.keys(spam.json).sort()).toEqual(Object.keys(real.json).sort());
      expect(spam.json).toEqual({ ...real.json, id: spam.json.id, createdAt: spam.json.createdAt });
      expect(spam.json.id).toBeGreaterThan(real.json.id);
      const row = await app.db(kind.table).where({ id: spam.json.id }).first();
      expect(row.spam_reason).toBe(reason);
      expect(await jobsFor(kind.job, spam.json.id)).toBe(0);
      expect(await jobsFor(kind.job, real.json.id)).toBe(1);
    });

    it('left out of the default list, listed under ?spam=1 with its reason; "Not spam" releases it into the list and the CRM', async () => {
      const real = (await post(kind.body({ firstName: 'Real' }))).json;
      const spam = (await post(kind.body({ firstName: 'Fast', elapsedMs: 10 }))).json;

      const list = await admin('GET', kind.list);
      expect(list.json.map((r: { id: number }) => r.id)).toEqual([real.id]);
      const quarantined = await admin('GET', `${kind.list}?spam=1`);
      expect(quarantined.status).toBe(200);
      expect(quarantined.json).toEqual([expect.objectContaining({ id: spam.id, firstName: 'Fast', spamReason: 'fill_time' })]);
      if (kind.name === 'print samples') {
        expect(list.headers.get('x-total-count')).toBe('1');
        expect(quarantined.headers.get('x-total-count')).toBe('1');
      }

      const released = await admin('POST', `${kind.list}/${spam.id}/release`);
      expect(released.status).toBe(200);
      expect(released.json).toMatchObject({ id: spam.id, spamReason: null });
      expect(await jobsFor(kind.job, spam.id)).toBe(1);
      expect((await admin('GET', kind.list)).json.map((r: { id: number }) => r.id)).toEqual([spam.id, real.id]);
      expect((await admin('GET', `${kind.list}?spam=1`)).json).toEqual([]);
      // A second press changes nothing.
      const again = await admin('POST', `${kind.list}/${spam.id}/release`);
      expect(again.status).toBe(200);
      expect(await jobsFor(kind.job, spam.id)).toBe(1);
    });

    it('release: unknown id 404, no session 401, bad spam flag 400', async () => {
      expect((await admin('POST', `${kind.list}/999999/release`)).status).toBe(404);
      expect((await api(app.baseUrl, 'POST', `${kind.list}/1/release`)).status).toBe(401);
      const bad = await admin('GET', `${kind.list}?spam=yes`);
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual({ spam: 'spam must be 0 or 1' });
    });

    it('the next page of the quarantine keeps the filter', async () => {
      for (let i = 0; i < 3; i++) await post(kind.body({ lastName: `Bot${i}`, website: 'x' }));
      const first = await admin('GET', `${kind.list}?spam=1&limit=2`);
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
      expect(next).toContain('spam=1');
      const second = await admin('GET', next!);
      expect(second.json).toHaveLength(1);
      expect(second.json[0].spamReason).toBe('honeypot');
    });

    it(`unreleased spam is deleted after ${QUARANTINE_DAYS} days; released and real submissions stay`, async () => {
      const spam = (await post(kind.body({ website: 'x' }))).json;
      const released = (await post(kind.body({ lastName: 'Person', website: 'y' }))).json;
      await admin('POST', `${kind.list}/${released.id}/release`);
      const real = (await post(kind.body({ lastName: 'Real' }))).json;
      now = new Date(now.getTime() + (QUARANTINE_DAYS + 1) * 86_400_000);
      await post(kind.body({ lastName: 'Later' }));
      await expect.poll(async () => Boolean(await app.db(kind.table).where({ id: spam.id }).first())).toBe(false);
      for (const id of [released.id, real.id]) expect(await app.db(kind.table).where({ id }).first()).toBeTruthy();
    });
  });

  it(`the server's purge timer deletes spam older than ${QUARANTINE_DAYS} days, with no submission arriving; younger spam and real submissions stay`, async () => {
    const start = now;
    const ids: Record<string, { old: number; young: number; real: number }> = {};
    for (const kind of KINDS) {
      const post = (body: unknown) => api(app.baseUrl, 'POST', kind.post, body, { 'Idempotency-Key': crypto.randomUUID() });
      now = start;
      const old = (await post(kind.body({ lastName: 'Old', website: 'x' }))).json.id;
      const real = (await post(kind.body({ lastName: 'Real' }))).json.id;
      now = new Date(start.getTime() + 2 * 86_400_000);
      const young = (await post(kind.body({ lastName: 'Young', elapsedMs: 100 }))).json.id;
      ids[kind.table] = { old, young, real };
    }
    // The old spam is a day past the period, the young one a day short of it.
    now = new Date(start.getTime() + (QUARANTINE_DAYS + 1) * 86_400_000);
    const timer = startQuarantinePurgeTimer({ ...app.deps, clock: () => now }, { firstAfterMs: 0, everyMs: 50 });
    try {
      for (const kind of KINDS) {
        const { old, young, real } = ids[kind.table]!;
        await expect.poll(async () => Boolean(await app.db(kind.table).where({ id: old }).first())).toBe(false);
        for (const id of [young, real]) expect(await app.db(kind.table).where({ id }).first()).toBeTruthy();
      }
    } finally {
      await timer.stop();
    }
  });

  it('stats count neither quarantined leads nor their volume; a released lead is counted', async () => {
    const post = (body: unknown) => api(app.baseUrl, 'POST', '/api/leads', body);
    await post(leadBody({ volume: 'over-100000' }));
    const spam = (await post(leadBody({ volume: 'over-100000', website: 'x' }))).json;
    const before = (await admin('GET', '/api/admin/stats')).json;
    expect(before.totalLeads).toBe(1);
    await admin('POST', `/api/admin/leads/${spam.id}/release`);
    const after = (await admin('GET', '/api/admin/stats')).json;
    expect(after.totalLeads).toBe(2);
    expect(after.pipelineValue).toBe(before.pipelineValue * 2);
  });

  it('the CSV export leaves quarantined leads out', async () => {
    await api(app.baseUrl, 'POST', '/api/leads', leadBody({ lastName: 'Genuine' }));
    await api(app.baseUrl, 'POST', '/api/leads', leadBody({ lastName: 'Botson', website: 'x' }));
    const csv = await fetch(`${app.baseUrl}/api/admin/leads.csv`, { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(csv).toContain('Genuine');
    expect(csv).not.toContain('Botson');
  });
});
