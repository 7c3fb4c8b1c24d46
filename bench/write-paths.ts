// `npm run bench -- write-paths`: the three submission endpoints side by side, each against the bare node:http
// ceiling measured right before it (the machine is shared, so only ratios from one run mean anything):
// POST /api/leads, POST /api/print-samples and POST /api/capture/leads (a signed-in rep), every request with a
// fresh Idempotency-Key, 50 connections; figures are sums over five alternating rounds (medians for latency). Goals: leads ≥ 0.5 × ceiling on SQLite (≥ 0.35 × on PostgreSQL),
// p99 ≤ 50 ms, the other two within 10 % of leads.
import crypto from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { hashPassword } from '../api/src/modules/auth';
import { createBenchDb, type BenchEngine } from './bench-db';
import { startServer } from './server-process';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Each case alternates with the ceiling in short rounds, so a change in the machine's load hits both alike. */
const ROUNDS = 5;

const lead = {
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '555-0100',
  industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000,
};
const sample = {
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '555-0100',
  addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'both', elapsedMs: 6000,
};

function hammer(baseUrl: string, path: string, body: (i: number) => string, headers: Record<string, string> = {}, duration = DURATION_S / ROUNDS): Promise<Result> {
  let i = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...headers },
          body: body(i++),
        }),
      },
    ],
  });
}

export async function benchWritePaths(engine: BenchEngine): Promise<string[][]> {
  const bdb = await createBenchDb('write', engine);
  const password = 'bench-password-123';
  const db = createDb(bdb.url);
  try {
    await migrateLatest(db);
    const now = new Date().toISOString();
    await db('users').insert({ email: 'rep@example.com', name: 'Rep', role: 'rep', password_hash: await hashPassword(password), created_at: now, updated_at: now });
  } finally {
    await db.destroy();
  }
  const app = await startServer('app', bdb.url);
  const bare = await startServer('bare');
  try {
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'rep@example.com', password }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const leadJson = JSON.stringify(lead);
    const cases: [string, () => Promise<Result>][] = [
      ['POST /api/leads', () => hammer(app.baseUrl, '/api/leads', () => leadJson)],
      ['POST /api/leads, suspected spam (stored in quarantine)', () => hammer(app.baseUrl, '/api/leads', () => JSON.stringify({ ...lead, elapsedMs: 10 }))],
      ['POST /api/print-samples', () => hammer(app.baseUrl, '/api/print-samples', () => JSON.stringify(sample))],
      // A distinct e-mail per capture: each one is a new lead, as in a hall full of visitors.
      ['POST /api/capture/leads', () => hammer(app.baseUrl, '/api/capture/leads', (i) => JSON.stringify({ ...lead, email: `visitor-${i}@example.com`, eventName: 'Bench Expo' }), { cookie })],
    ];
    const rows: string[][] = [];
    for (const [name, run] of cases) {
      let ceilingRequests = 0;
      let requests = 0;
      let failures = 0;
      const p50: number[] = [];
      const p99: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ceilingRequests += (await hammer(bare.baseUrl, '/api/leads', () => leadJson)).requests.total;
        const r = await run();
        requests += r.requests.total;
        failures += r.non2xx + r.errors;
        p50.push(r.latency.p50);
        p99.push(r.latency.p99);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      rows.push([
        `${name} (${bdb.engine})`,
        (requests / DURATION_S).toFixed(0),
        (ceilingRequests / DURATION_S).toFixed(0),
        (requests / ceilingRequests).toFixed(2),
        `${median(p50)} ms`,
        `${median(p99)} ms`,
        String(failures),
      ]);
    }
    return rows;
  } finally {
    await app.stop();
    await bare.stop();
    await bdb.drop();
  }
}
