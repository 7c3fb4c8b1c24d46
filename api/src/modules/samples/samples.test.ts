// POST /api/print-samples (public, idempotent) and the admin list / processed toggle. Suspected spam: quarantine.test.ts.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import { LIMITS, type SampleRequestInput } from '../../contract';

const sample = (overrides: Partial<SampleRequestInput> = {}): SampleRequestInput => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-0100',
  company: 'Engines Ltd',
  addressLine1: '1 Main St',
  addressLine2: 'Suite 2',
  city: 'Austin',
  state: 'TX',
  zip: '73301-1234',
  sampleType: 'postcards',
  notes: 'Leave at the door',
  elapsedMs: 9000,
  ...overrides,
});

describe.each(ENGINES)('sample requests on %s', (engine) => {
  const app = useTestApp(engine);
  let cookie: string;
  const post = (body: unknown, headers: Record<string, string> = {}) => api(app.baseUrl, 'POST', '/api/print-samples', body, headers);
  const admin = (method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, { Cookie: cookie });
  // The requests staff see: suspected spam waits apart (quarantine.test.ts).
  const count = async () => Number((await app.db('sample_requests').whereNull('spam_reason').count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    cookie = (await signInAs(app)).cookie;
  });

  it('valid request - 201 with the stored request: pending sync, not processed', async () => {
    const res = await post(sample({ city: '  Austin  ' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '555-0100', company: 'Engines Ltd',
      addressLine1: '1 Main St', addressLine2: 'Suite 2', city: 'Austin', state: 'TX', zip: '73301-1234',
      sampleType: 'postcards', pipedriveStatus: 'pending', pipedriveDealId: null, syncError: null, attribution: null, processed: false,
      notes: 'Leave at the door', createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('optional fields blank - stored as null', async () => {
    const res = await post(sample({ phone: '', company: ' ', addressLine2: '', notes: '' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ phone: null, company: null, addressLine2: null, notes: null });
  });

  it('required fields missing - 400 with every message', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
      state: 'Please choose a US state',
      zip: 'ZIP code is required',
      sampleType: 'Please choose a sample type',
    });
  });

  it('bad enumerations, ZIP and e-mail - 400 with their messages', async () => {
    const res = await post(sample({ state: 'XX' as never, sampleType: 'menus' as never, zip: '1234', email: 'nope' }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      email: 'Please enter a valid email',
      state: 'Please choose a US state',
      zip: 'ZIP code must be 12345 or 12345-6789',
      sampleType: 'Please choose a sample type',
    });
  });

  it('every field over its limit - 400, nothing stored', async () => {
    const before = await count();
    const res = await post(sample({
      firstName: 'x'.repeat(LIMITS.name + 1), lastName: 'x'.repeat(LIMITS.name + 1), company: 'x'.repeat(LIMITS.company + 1),
      phone: '1'.repeat(LIMITS.phone + 1), addressLine1: 'x'.repeat(LIMITS.company + 1), addressLine2: 'x'.repeat(LIMITS.company + 1),
      city: 'x'.repeat(LIMITS.name + 1), notes: 'x'.repeat(LIMITS.longText + 1),
    }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors).sort()).toEqual(
      ['addressLine1', 'addressLine2', 'city', 'company', 'firstName', 'lastName', 'notes', 'phone'],
    );
    expect(await count()).toBe(before);
  });

  it.each(['null', '[]', '42', JSON.stringify({ ...sample(), state: 5, zip: 73301, notes: ['a'] })])('junk body %s - 400', async (raw) => {
    const res = await post(raw);
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe('string');
  });

  it('Idempotency-Key - replay with the same body, 422 for another body, one row', async () => {
    const before = await count();
    const key = crypto.randomUUID();
    const first = await post(sample(), { 'Idempotency-Key': key });
    const again = await post(sample(), { 'Idempotency-Key': key });
    const other = await post(sample({ city: 'Dallas' }), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(other.status).toBe(422);
    expect(await count()).toBe(before + 1);
  });

  it('ten concurrent requests with one key - one row, the others get its answer replayed', async () => {
    const before = await count();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(sample(), { 'Idempotency-Key': key })));
    expect(await count()).toBe(before + 1);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const created = answers.filter((a) => !a.headers.get('idempotent-replayed'));
    expect(created).toHaveLength(1);
    for (const a of answers) expect(a.json).toEqual(created[0]!.json);
  });

  it.each([['GET', '/api/admin/print-samples'], ['PUT', '/api/admin/print-samples/1']])('%s %s without a session - 401', async (method, path) => {
    const res = await api(app.baseUrl, method, path, method === 'PUT' ? { processed: true } : undefined);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('admin list - newest first, booleans and dates normalised', async () => {
    const res = await admin('GET', '/api/admin/print-samples');
    expect(res.status).toBe(200);
    expect(res.json.length).toBe(await count());
    const ids = res.json.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.json[0].processed).toBe(false);
  });

  it('paging - 50 by default with a Link to the next page; limit and before walk every request once, X-Total-Count counts them all', async () => {
    const nowIso = new Date().toISOString();
    const rows = Array.from({ length: 55 }, (_, i) => ({
      first_name: 'Page', last_name: `Row${i}`, email: `page${i}@example.com`, email_normalised: `page${i}@example.com`, address_line1: '1 Main St', city: 'Austin',
      state: 'TX', zip: '73301', sample_type: 'postcards', pipedrive_status: 'pending', processed: false, created_at: nowIso, updated_at: nowIso,
    }));
    await app.db.batchInsert('sample_requests', rows, 20);
    const total = await count();

    const first = await admin('GET', '/api/admin/print-samples');
    expect(first.json.length).toBe(50);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(first.headers.get('link')).toBe(`</api/admin/print-samples?limit=50&before=${first.json[49].id}>; rel="next"`);

    const seen: number[] = [];
    let next: string | null = '/api/admin/print-samples?limit=7';
    while (next) {
      const res = await admin('GET', next);
      expect(res.status).toBe(200);
      seen.push(...res.json.map((r: { id: number }) => r.id));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('paging the suspected spam - X-Total-Count counts the filter, every next Link keeps spam=1', async () => {
    const nowIso = new Date().toISOString();
    const rows = Array.from({ length: 5 }, (_, i) => ({
      first_name: 'Spam', last_name: `Bot${i}`, email: `bot${i}@example.com`, email_normalised: `bot${i}@example.com`, address_line1: '1 Main St', city: 'Austin', state: 'TX',
      zip: '73301', sample_type: 'postcards', pipedrive_status: 'pending', processed: false, spam_reason: 'honeypot', created_at: nowIso, updated_at: nowIso,
    }));
    await app.db.batchInsert('sample_requests', rows, 20);
    const spamTotal = Number((await app.db('sample_requests').whereNotNull('spam_reason').count({ n: '*' }).first())?.n);
    expect(spamTotal).toBeGreaterThanOrEqual(5);

    const seen: number[] = [];
    let next: string | null = '/api/admin/print-samples?limit=2&spam=1';
    while (next) {
      const res = await admin('GET', next);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(spamTotal));
      expect(res.json.every((r: { spamReason: string | null }) => r.spamReason !== null)).toBe(true);
      seen.push(...res.json.map((r: { id: number }) => r.id));
      const link = res.headers.get('link');
      if (res.json.length === 2) expect(link).toBe(`</api/admin/print-samples?limit=2&spam=1&before=${res.json[1].id}>; rel="next"`);
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen.length).toBe(spamTotal);
    expect(new Set(seen).size).toBe(spamTotal);
    // The real requests' list still counts only them.
    expect((await admin('GET', '/api/admin/print-samples?limit=1')).headers.get('x-total-count')).toBe(String(await count()));
  });

  it.each(['limit=0', 'limit=501', 'limit=abc', 'before=0', 'before=x'])('paging - bad %s - 400 with a message', async (query) => {
    const res = await admin('GET', `/api/admin/print-samples?${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe('string');
  });

  it('paging - limit=500 is accepted; before an unknown id is an empty page', async () => {
    expect((await admin('GET', '/api/admin/print-samples?limit=500')).status).toBe(200);
    expect((await admin('GET', '/api/admin/print-samples?before=999999')).json).toEqual([]);
  });

  it('toggle processed - 200 with the updated request, and back', async () => {
    const id = (await admin('GET', '/api/admin/print-samples')).json[0].id;
    const on = await admin('PUT', `/api/admin/print-samples/${id}`, { processed: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ id, processed: true });
    const off = await admin('PUT', `/api/admin/print-samples/${id}`, { processed: false });
    expect(off.json.processed).toBe(false);
  });

  it('toggle an unknown or bad id - 404; a bad body - 400', async () => {
    expect((await admin('PUT', '/api/admin/print-samples/99999', { processed: true })).json).toEqual({ message: 'Sample request not found' });
    expect((await admin('PUT', '/api/admin/print-samples/abc', { processed: true })).status).toBe(404);
    expect((await admin('PUT', '/api/admin/print-samples/-1', { processed: true })).status).toBe(404);
    const bad = await admin('PUT', '/api/admin/print-samples/1', { processed: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ processed: 'processed must be true or false' });
    expect((await admin('PUT', '/api/admin/print-samples/1', null)).status).toBe(400);
  });
});
