// POST /api/leads over real HTTP: success shape, trimming, every validation message, idempotency. Suspected
// spam: quarantine.test.ts.
import { NO_CAPTURE_DETAILS } from '../capture-details/capture-details-columns';
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { LEAD_SOURCE_LABEL, LIMITS } from '../../contract';
import { leadBody } from '../../testing/leads';

describe.each(ENGINES)('POST /api/leads on %s', (engine) => {
  const app = useTestApp(engine);
  const post = (body: unknown, headers: Record<string, string> = {}) => api(app.baseUrl, 'POST', '/api/leads', body, headers);
  const count = async (table: string) => Number((await app.db(table).count({ n: '*' }).first())?.n);
  beforeEach(async () => {
    await app.db('leads').delete();
    await app.db('lead_rollups').delete();
    await app.db('idempotency_keys').delete();
  });

  it('valid lead - 201 with the stored lead, fixed lead source, status new, rollup counted', async () => {
    const res = await post(leadBody({ leadSource: 'Somebody Else' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      phone: '+1 555 0100',
      industry: 'mortgage',
      volume: '1000-5000',
      message: 'Please call me.',
      leadSource: LEAD_SOURCE_LABEL,
      source: 'Main Website',
      status: 'new',
      syncError: null,
      attribution: null,
      eventName: null,
      capturedBy: null,
      ...NO_CAPTURE_DETAILS,
      // A new lead waits for someone (issue #31): nobody owns it, it is New, nobody has answered it yet.
      owner: null,
      stage: 'new',
      stageReason: null,
      firstResponseAt: null,
      overdueAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(res.json.id).toBeGreaterThan(0);
    expect(await count('leads')).toBe(1);
    const rollups = await app.db('lead_rollups').select('day', 'status', 'volume', 'count');
    expect(rollups).toEqual([{ day: res.json.createdAt.slice(0, 10), status: 'new', volume: '1000-5000', count: 1 }]);
  });

  it('minimal lead - optional fields null, source defaults to Main Website, rollup volume empty', async () => {
    const res = await post({ firstName: 'A', lastName: 'B', email: 'a@b.co' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ company: null, phone: null, industry: null, volume: null, message: null, source: 'Main Website' });
    expect((await app.db('lead_rollups').first())?.volume).toBe('');
  });

  it('strings are trimmed and blank optionals become null', async () => {
    const res = await post(leadBody({ firstName: '  Ada ', email: ' ada@example.com ', company: '   ', industry: '', volume: '' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', company: null, industry: null, volume: null });
  });

  it('missing names and e-mail - 400 with each field message', async () => {
    const res = await post({ firstName: ' ', lastName: '', email: '' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(res.json.message).toBe('firstName: First name is required');
    expect(await count('leads')).toBe(0);
  });

  it('absent fields - 400 with the same required messages', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({ firstName: 'First name is required', lastName: 'Last name is required', email: 'Email is required' });
  });

  it.each(['plainaddress', 'a@b', '@b.co', 'a b@c.de', 'a@b.'])('bad e-mail %j - Please enter a valid email', async (email) => {
    const res = await post(leadBody({ email }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ email: 'Please enter a valid email' });
  });

  it('unknown industry, volume and source - 400 with their messages', async () => {
    const res = await post({ ...leadBody(), industry: 'space', volume: 'lots', source: 'Elsewhere' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      industry: 'Please choose an industry from the list',
      volume: 'Please choose a volume from the list',
      source: 'Unknown source',
    });
  });

  it('every field over its limit - 400 naming each, nothing stored', async () => {
    const res = await post({
      firstName: 'x'.repeat(LIMITS.name + 1),
      lastName: 'x'.repeat(LIMITS.name + 1),
      email: `${'x'.repeat(LIMITS.email)}@e.co`,
      company: 'x'.repeat(LIMITS.company + 1),
      phone: '1'.repeat(LIMITS.phone + 1),
      message: 'x'.repeat(LIMITS.longText + 1),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      firstName: 'Must be at most 100 characters',
      lastName: 'Must be at most 100 characters',
      email: 'Must be at most 254 characters',
      company: 'Must be at most 200 characters',
      phone: 'Must be at most 40 characters',
      message: 'Must be at most 5000 characters',
    });
    expect(await count('leads')).toBe(0);
  });

  it.each([
    ['null body', 'null'],
    ['array body', '[1,2]'],
    ['string body', '"lead"'],
    ['number fields', JSON.stringify({ firstName: 1, lastName: true, email: ['a@b.co'] })],
    ['object fields', JSON.stringify({ ...leadBody(), company: { a: 1 }, industry: 5, elapsedMs: 'soon', website: 3 })],
  ])('%s - 400, never 500', async (_label, raw) => {
    const res = await post(raw);
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe('string');
  });

  it('unknown fields are dropped', async () => {
    const res = await post({ ...leadBody(), status: 'synced', id: 99, isAdmin: true });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('new');
    expect(res.json.id).not.toBe(99);
  });

  it('no elapsedMs and an empty honeypot - stored (clients that do not measure are not punished)', async () => {
    const res = await post({ ...leadBody({ website: '' }), elapsedMs: undefined });
    expect(res.status).toBe(201);
    expect(await count('leads')).toBe(1);
  });

  describe('Idempotency-Key', () => {
    it('same key twice - one row, the second answer replayed with the same body', async () => {
      const key = crypto.randomUUID();
      const first = await post(leadBody(), { 'Idempotency-Key': key });
      const second = await post(leadBody(), { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(second.status).toBe(201);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.json).toEqual(first.json);
      expect(await count('leads')).toBe(1);
      expect((await app.db('lead_rollups').first())?.count).toBe(1);
    });

    it('same key, same fields after trimming and in another order - still a replay', async () => {
      const key = crypto.randomUUID();
      await post(leadBody(), { 'Idempotency-Key': key });
      const { firstName, ...rest } = leadBody();
      const again = await post({ ...rest, firstName: ` ${firstName} ` }, { 'Idempotency-Key': key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await count('leads')).toBe(1);
    });

    it('same key, different body - 422 and nothing more stored', async () => {
      const key = crypto.randomUUID();
      await post(leadBody(), { 'Idempotency-Key': key });
      const other = await post(leadBody({ firstName: 'Grace' }), { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(other.json).toEqual({ message: 'This Idempotency-Key was already used with a different request body' });
      expect(await count('leads')).toBe(1);
    });

    it('the same key on the sample form is a different request, not a replay', async () => {
      const key = crypto.randomUUID();
      await post(leadBody(), { 'Idempotency-Key': key });
      const sample = await api(app.baseUrl, 'POST', '/api/print-samples', {
        firstName: 'Ada', lastName: 'L', email: 'ada@example.com', addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'both',
      }, { 'Idempotency-Key': key });
      expect(sample.status).toBe(201);
      expect(sample.headers.get('idempotent-replayed')).toBeNull();
    });

    it.each([['', 'empty'], ['x'.repeat(201), 'too long'], ['  ', 'blank']])('malformed key %j (%s) - 400', async (key) => {
      const res = await post(leadBody(), { 'Idempotency-Key': key });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Idempotency-Key must be 1 to 200 printable characters');
      expect(await count('leads')).toBe(0);
    });

    it('a validation failure does not use up the key', async () => {
      const key = crypto.randomUUID();
      expect((await post(leadBody({ email: 'nope' }), { 'Idempotency-Key': key })).status).toBe(400);
      const ok = await post(leadBody(), { 'Idempotency-Key': key });
      expect(ok.status).toBe(201);
      expect(ok.headers.get('idempotent-replayed')).toBeNull();
    });

    it('ten concurrent requests with one key - exactly one row; the rest wait for it and get its answer replayed', async () => {
      const key = crypto.randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(leadBody(), { 'Idempotency-Key': key })));
      expect(await count('leads')).toBe(1);
      const created = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
      const replayed = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === 'true');
      expect(created).toHaveLength(1);
      expect(replayed).toHaveLength(9);
      for (const r of replayed) expect(r.json).toEqual(created[0]!.json);
      expect((await app.db('lead_rollups').first())?.count).toBe(1);
    });

    it('without a key - every request is stored', async () => {
      await post(leadBody());
      await post(leadBody());
      expect(await count('leads')).toBe(2);
      expect(await count('idempotency_keys')).toBe(0);
    });
  });
});
