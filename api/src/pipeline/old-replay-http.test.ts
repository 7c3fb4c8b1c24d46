// Exactly once at any age, over real HTTP on both engines: a device may replay a submission whose answer it
// lost months ago. After 30 days the server keeps only what recognises the key (not the body's personal data),
// and that is enough: the replay is answered with the record's id and nothing is stored twice.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../testing/test-app';
import { leadBody } from '../testing/leads';

const DAY_MS = 86_400_000;
const sampleBody = (email: string) => ({
  firstName: 'Ada', lastName: 'Lovelace', email, addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'postcards', elapsedMs: 9000,
});

describe.each(ENGINES)('a replay older than 30 days on %s', (engine) => {
  let now = new Date();
  const app = useTestApp(engine, { clock: () => now });

  it.each([
    { route: '/api/leads', table: 'leads', body: (email: string) => leadBody({ email }) },
    { route: '/api/print-samples', table: 'sample_requests', body: sampleBody },
  ])('$route - answered with the first record id, stored once', async ({ route, table, body }) => {
    const start = new Date();
    now = start;
    const email = `old-${crypto.randomUUID()}@example.com`;
    const key = crypto.randomUUID();
    const first = await api(app.baseUrl, 'POST', route, body(email), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);

    // 31 days later another submission arrives; the old answer's body is dropped meanwhile.
    now = new Date(start.getTime() + 31 * DAY_MS);
    await api(app.baseUrl, 'POST', route, body(`other-${crypto.randomUUID()}@example.com`), { 'Idempotency-Key': crypto.randomUUID() });
    await expect.poll(async () => (await app.db('idempotency_keys').where({ key }).first())?.response_body ?? null).toBeNull();

    const replay = await api(app.baseUrl, 'POST', route, body(email), { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual({ id: first.json.id });
    expect(await app.db(table).where({ email })).toHaveLength(1);
  });
});
