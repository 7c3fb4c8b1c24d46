// The product as `npm start` runs it with WEB_CONCURRENCY=2, on each engine, in real processes: a primary and two
// workers on one port. Two workers answer; a lead posted to either reaches a staff stream wherever it is; the setup
// link, the sweeps and each CRM job happen once; /metrics adds the workers up; a killed worker is replaced; SIGTERM
// drains them all with every acknowledged lead stored. And a process whose migrations are held answers /readyz 503.
import crypto from 'node:crypto';
import http from 'node:http';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { knexConfig } from './db/knex';
import { migrateLatest } from './db/migrate';
import { ENGINES, api } from './testing/test-app';
import { TEST_PASSWORD } from './testing/sign-in';
import { leadBody } from './testing/leads';
import { openEventStream, type OpenStream, type StreamEvent } from './testing/event-stream';
import { createChildDatabase, startServerChild, type ServerChild } from './testing/server-child';
import { startFakePipedrive, type FakePipedrive } from './testing/fake-pipedrive';
import { parsePrometheusText, sampleValue } from './testing/prometheus-text';
import { hashPassword } from './modules/auth/password';
import { alive, childrenOf, freePort } from './testing/local-processes';

const TOKEN = 'cluster-metrics-token-0123456789';

/** A client held to one connection, so to one worker: the pid its /healthz names. */
interface Pinned {
  pid: number;
  request: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;
  close: () => void;
}

function pinnedClient(baseUrl: string): Promise<Pinned> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; json: any }>((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(`${baseUrl}${path}`, { method, agent, headers: text ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {} }, (res) => {
        let data = '';
        res.on('data', (c: Buffer) => (data += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, json: data ? JSON.parse(data) : undefined }));
      });
      req.on('error', reject);
      req.end(text);
    });
  return request('GET', '/healthz').then((res) => ({ pid: res.json.pid as number, request, close: () => agent.destroy() }));
}

/** Clients until two are held by different workers. */
async function oneOnEachWorker(baseUrl: string): Promise<[Pinned, Pinned]> {
  const first = await pinnedClient(baseUrl);
  for (let i = 0; i < 40; i++) {
    const other = await pinnedClient(baseUrl);
    if (other.pid !== first.pid) return [first, other];
    other.close();
  }
  throw new Error('every connection went to one worker');
}

/** Every pid a ready /readyz names over fresh connections, until `count` distinct ones (or the tries run out). */
async function workerPids(baseUrl: string, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < 40 && pids.size < count; i++) {
    // /readyz, not /healthz: a replacement alive but still starting answers the API 503 until it is ready.
    const res = await fetch(`${baseUrl}/readyz`, { headers: { Connection: 'close' } });
    const body = (await res.json()) as { pid?: number };
    if (res.status === 200 && body.pid !== undefined) pids.add(body.pid);
  }
  return pids;
}

const linesMatching = (server: ServerChild, pattern: RegExp) => server.output().filter((line) => pattern.test(line));

async function signInAdmin(db: Knex, baseUrl: string): Promise<string> {
  const now = new Date().toISOString();
  await db('users').insert({ email: 'scale@example.com', name: 'Scale Admin', role: 'admin', password_hash: await hashPassword(TEST_PASSWORD), created_at: now, updated_at: now });
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'scale@example.com', password: TEST_PASSWORD }) });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe.each(ENGINES)('WEB_CONCURRENCY=2 on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createChildDatabase>>;
  let server: ServerChild;
  let fake: FakePipedrive;
  let db: Knex;
  let stream: OpenStream;
  let pinned: [Pinned, Pinned];
  let metricsPort: number;

  beforeAll(async () => {
    fake = await startFakePipedrive();
    database = await createChildDatabase(engine);
    metricsPort = await freePort();
    server = await startServerChild(database.url, {
      METRICS_PORT: String(metricsPort),
      WEB_CONCURRENCY: '2',
      PIPEDRIVE_API_TOKEN: fake.token,
      PIPEDRIVE_BASE_URL: fake.url,
      CRM_SYNC_POLL_MS: '200',
      METRICS_TOKEN: TOKEN,
      DRAIN_GRACE_MS: '3000',
    });
    db = knexFactory(knexConfig(database.url));
  }, 240_000);

  afterAll(async () => {
    stream?.close();
    for (const p of pinned ?? []) p.close();
    await server?.kill();
    await db?.destroy();
    await fake?.close();
    await database?.drop();
  });

  it('two workers serve the port; the setup link is printed once and the sweeps run in one of them', async () => {
    pinned = await oneOnEachWorker(server.baseUrl);
    expect(pinned[0].pid).not.toBe(pinned[1].pid);
    expect(childrenOf(server.pid).sort()).toEqual([pinned[0].pid, pinned[1].pid].sort());
    expect(linesMatching(server, /First run: create the first admin account at http:\/\/localhost:\d+\/setup\?token=/)).toHaveLength(1);
    expect(linesMatching(server, /recurring sweeps run in this process/)).toHaveLength(1);
    expect(linesMatching(server, /serving on http:\/\/localhost:\d+ \(2 workers\)/)).toHaveLength(1);
  });

  it('a lead posted to either worker - on a live stream open on one of them; each CRM job synced once; /metrics adds both workers up', { timeout: 120_000 }, async () => {
    const cookie = await signInAdmin(db, server.baseUrl);
    stream = await openEventStream(`${server.baseUrl}/api/admin/live`, { Cookie: cookie });
    await stream.next((e) => e.event === 'ready', 15_000);
    const emails = pinned.map((p) => `worker-${p.pid}-${crypto.randomUUID()}@example.com`);
    for (const [i, client] of pinned.entries()) {
      expect((await client.request('POST', '/api/leads', leadBody({ email: emails[i] }))).status).toBe(201);
      // Still the same connection, so the same worker stored it.
      expect((await client.request('GET', '/healthz')).json.pid).toBe(client.pid);
    }
    // The stream is on one worker or the other: one of the two leads crossed to it.
    const named = (email: string) => (e: StreamEvent) => e.event === 'live' && JSON.parse(e.data).record?.email === email;
    for (const email of emails) expect(JSON.parse((await stream.next(named(email), 15_000)).data).type).toBe('lead.created');

    // Both workers run the CRM worker; the lease claim gives each job to one: one person and one deal per lead.
    await vi.waitFor(async () => expect((await db('crm_sync_jobs').where({ state: 'done' })).length).toBe(2), { timeout: 30_000, interval: 200 });
    for (const email of emails) expect(fake.persons.filter((p) => JSON.stringify(p).includes(email))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/deals')).toHaveLength(2);

    const res = await api(server.baseUrl, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    const samples = parsePrometheusText(res.text);
    expect(sampleValue(samples, 'dm_submissions_stored_total', { kind: 'lead', how: 'submitted' })).toBe(2);
    expect(sampleValue(samples, 'dm_live_streams_open')).toBe(1);
    // Read from the same table by both workers: once, not twice.
    expect(sampleValue(samples, 'dm_queue_depth', { queue: 'crm' })).toBe(0);
    // METRICS_PORT: the primary's own listener on loopback, no token, the same sums.
    const loopback = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(loopback.status).toBe(200);
    expect(sampleValue(parsePrometheusText(await loopback.text()), 'dm_submissions_stored_total', { kind: 'lead', how: 'submitted' })).toBe(2);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);
  });

  it('a worker killed - replaced by a new one, and two workers serve again', { timeout: 120_000 }, async () => {
    const [victim, survivor] = pinned;
    victim.close();
    process.kill(victim.pid, 'SIGKILL');
    await server.waitForLine(/worker ended unexpectedly; replacing it/);
    await vi.waitFor(
      async () => {
        const pids = await workerPids(server.baseUrl, 2);
        expect(pids.has(victim.pid)).toBe(false);
        expect(pids.size).toBe(2);
        expect(pids.has(survivor.pid)).toBe(true);
      },
      { timeout: 90_000, interval: 500 },
    );
    expect(childrenOf(server.pid)).toHaveLength(2);
    // The replacement takes the dead worker's slot; the sweeps stay where they were or move with it, once.
    pinned = [survivor, await pinnedClient(server.baseUrl)];
  });

  it('SIGTERM to the primary - /readyz 503 at once, streams end, a burst in flight all stored and answered, the port refused after the grace, all exit 0 within 10 s', { timeout: 120_000 }, async () => {
    for (const p of pinned) p.close();
    const workers = childrenOf(server.pid);
    expect(workers).toHaveLength(2);
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let sent = 0;
    // A load balancer polling /readyz: once it has seen 503 it sends nothing new here (within its poll interval).
    let noticed = 0;
    // Eight clients posting one lead after another, through the signal and the grace, until the balancer noticed.
    const client = async () => {
      while (!noticed || Date.now() - noticed < 300) {
        const email = `burst-${sent++}-${crypto.randomUUID()}@example.com`;
        try {
          const res = await fetch(`${server.baseUrl}/api/leads`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
            body: JSON.stringify(leadBody({ email })),
          });
          await res.text();
          if (res.status === 201) acknowledged.push(email);
          else failures.push(`status ${res.status}`);
        } catch (err) {
          // A reset, or a connection closed under a request: an answer lost.
          failures.push(((err as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? String(err));
          return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(20), { timeout: 60_000, interval: 20 });
    const signalled = Date.now();
    const atSignal = acknowledged.length;
    const exited = server.stop('SIGTERM');
    // As soon as the primary has passed the signal on, and well inside the grace period, while the port still answers.
    await vi.waitFor(
      async () => {
        const ready = await api(server.baseUrl, 'GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.json).toMatchObject({ status: 'not ready', reason: 'draining' });
      },
      { timeout: 2500, interval: 50 },
    );
    noticed = Date.now();
    await stream.ended;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    // Served during the grace too, not only those in flight at the signal.
    expect(acknowledged.length).toBeGreaterThan(atSignal);

    // After the grace the port is closed: a new connection is refused, not accepted and dropped.
    await vi.waitFor(
      async () => {
        const refused = await fetch(`${server.baseUrl}/healthz`).then(
          () => 'answered',
          (err: Error) => (err.cause as NodeJS.ErrnoException | undefined)?.code,
        );
        expect(refused).toBe('ECONNREFUSED');
      },
      { timeout: 9000, interval: 100 },
    );
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(workers.filter(alive)).toEqual([]);
    const stored = new Set((await db('leads').whereIn('email', acknowledged).select('email')).map((r: { email: string }) => r.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});

describe.each(ENGINES)('a start whose migrations are held on %s', (engine) => {
  it('/healthz 200 and /readyz 503 (migrations pending) while another process holds the migrations; ready once they are let go', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase(engine);
    const db = knexFactory(knexConfig(database.url));
    let server: ServerChild | undefined;
    try {
      // The schema is there; knex's own lock says another process is migrating, and the server waits its turn.
      await migrateLatest(db);
      await db('knex_migrations_lock').update({ is_locked: 1 });
      const port = await freePort();
      server = await startServerChild(database.url, { PORT: String(port) }, { waitUntilServing: false });
      const base = server.baseUrl;
      await vi.waitFor(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200), { timeout: 60_000, interval: 200 });
      const held = await api(base, 'GET', '/readyz');
      expect(held.status).toBe(503);
      expect(held.json).toMatchObject({ status: 'not ready', reason: 'migrations pending' });
      const early = await api(base, 'POST', '/api/leads', leadBody());
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');

      await db('knex_migrations_lock').update({ is_locked: 0 });
      await vi.waitFor(async () => expect((await api(base, 'GET', '/readyz')).json).toMatchObject({ status: 'ready' }), { timeout: 30_000, interval: 100 });
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await server?.kill();
      await db.destroy();
      await database.drop();
    }
  });
});
