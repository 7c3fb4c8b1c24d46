// `npm run bench` (not part of `npm test`). (a) Throughput of POST /api/leads against a bare node:http
// ceiling. (b) Admin read latency with a million leads. SQLite by default; BENCH_DATABASE_URL=postgres://…
// runs the same against a throwaway database on that server. Figures go in docs/api.md's performance notes.
import crypto from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { hashPassword } from '../api/src/modules/auth/password';
import { createBenchDb, type BenchDb } from './bench-db';
import { loadLeads } from './load-leads';
import { startServer } from './server-process';
import { benchOutboxReplay } from './outbox-replay';
import { benchCrmSync } from './crm-sync';
import { benchWritePaths } from './write-paths';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const RUNS = 5;

const leadJson = JSON.stringify({
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '555-0100',
  industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000,
});

// The same lead flagged by the fill-time guard: the app answers 201 without touching the database, which
// separates the HTTP framework's cost from the storage's.
const spamJson = JSON.stringify({ ...(JSON.parse(leadJson) as object), elapsedMs: 10 });

async function hammer(baseUrl: string, body = leadJson): Promise<Result> {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/leads',
        // A fresh key per request, as each real submission carries its own.
        setupRequest: (req) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body,
        }),
      },
    ],
  });
}

async function throughput() {
  const db = await createBenchDb('post');
  const app = await startServer('app', db.url);
  const bare = await startServer('bare');
  try {
    const ceiling = await hammer(bare.baseUrl);
    const real = await hammer(app.baseUrl);
    const noDb = await hammer(app.baseUrl, spamJson);
    const row = (name: string, r: Result) =>
      [name, r.requests.average.toFixed(0), `${r.latency.p50} ms`, `${r.latency.p99} ms`, String(r.non2xx + r.errors)];
    printTable(`(a) POST /api/leads, ${CONNECTIONS} connections, ${DURATION_S} s, ${db.engine}`, ['server', 'req/s', 'p50', 'p99', 'non-2xx/errors'], [
      row('bare node:http (ceiling)', ceiling),
      row('DirectMailers app', real),
      row('app, spam path (no database)', noDb),
    ]);
    console.log(`ratio app / ceiling: ${(real.requests.average / ceiling.requests.average).toFixed(2)}\n`);
  } finally {
    await app.stop();
    await bare.stop();
    await db.drop();
  }
}

async function latency() {
  const bdb = await createBenchDb('read');
  try {
    await measureReads(bdb);
  } finally {
    await bdb.drop();
  }
}

async function measureReads(bdb: BenchDb) {
  const password = 'bench-password-123';
  const db = createDb(bdb.url);
  let loadSeconds: number;
  try {
    await migrateLatest(db);
    const started = performance.now();
    await loadLeads(db, LEADS, new Date());
    loadSeconds = (performance.now() - started) / 1000;
    const now = new Date().toISOString();
    await db('users').insert({ email: 'bench@example.com', name: 'Bench', role: 'admin', password_hash: await hashPassword(password), created_at: now, updated_at: now });
  } finally {
    await db.destroy();
  }

  const app = await startServer('app', bdb.url);
  try {
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const firstPage = (await (await fetch(`${app.baseUrl}/api/admin/leads`, { headers: { Cookie: cookie } })).json()) as { id: number }[];
    const paths = [
      '/api/admin/stats',
      '/api/admin/leads',
      `/api/admin/leads?before=${firstPage.at(-1)!.id}`,
      '/api/admin/leads?status=synced',
      '/api/admin/leads?q=smith',
      '/api/admin/leads?q=no-such-lead',
    ];
    const rows: string[][] = [];
    for (const p of paths) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i <= RUNS; i++) {
        const t = performance.now();
        const res = await fetch(app.baseUrl + p, { headers: { Cookie: cookie } });
        await res.arrayBuffer();
        status = res.status;
        if (i > 0) times.push(performance.now() - t); // the first run warms caches and is not counted
      }
      times.sort((a, b) => a - b);
      rows.push([`GET ${p}`, String(status), `${times[Math.floor(times.length / 2)]!.toFixed(1)} ms`, `${times.at(-1)!.toFixed(1)} ms`]);
    }
    printTable(`(b) ${LEADS.toLocaleString('en-US')} leads (loaded in ${loadSeconds.toFixed(1)} s), ${bdb.engine}, median of ${RUNS}`, ['request', 'status', 'median', 'max'], rows);
  } finally {
    await app.stop();
  }
}

function printTable(title: string, head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

async function outbox() {
  const r = await benchOutboxReplay();
  printTable('Offline outbox: queued submissions replayed when the network returns', ['items', 'seconds', 'rows stored', 'duplicates'], [
    [String(r.items), r.seconds.toFixed(1), String(r.rows), String(r.duplicates)],
  ]);
}

async function crm() {
  const rows = await benchCrmSync();
  printTable('CRM sync: POST /api/leads to synced against the fake Pipedrive (median of 20)', Object.keys(rows[0] ?? {}), rows.map((r) => Object.values(r).map(String)));
}

// `npm run bench [throughput|latency|outbox|crm]`: one part, or all of them.
const only = process.argv[2];
if (!only || only === 'throughput') await throughput();
if (!only || only === 'latency') await latency();
if (!only || only === 'outbox') await outbox();
if (!only || only === 'crm') await crm();
if (!only || only === 'write-paths') {
  printTable(`Submissions, ${CONNECTIONS} connections, ${DURATION_S} s each, ratio to the bare ceiling measured just before`, ['request', 'req/s', 'ceiling', 'ratio', 'p50', 'p99', 'non-2xx/errors'], await benchWritePaths());
}
