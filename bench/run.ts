// `npm run bench` (not part of `npm test`): every intake, search, outbox and CRM goal beside its figure, on SQLite
// and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL too (a throwaway database on that server).
//   npm run bench                      every part on every engine
//   npm run bench -- search            one part (throughput | search | outbox | crm | live | mail; `latency` = search)
//   npm run bench -- search postgres   one part on one engine
// Ratios are taken against the bare node:http ceiling measured in the same run, on the same machine.
import crypto from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { createDb } from '../api/src/db/knex';
import { hashPassword } from '../api/src/modules/auth';
import { analyseAsAutovacuumWould, benchEngines, createBenchDb, type BenchEngine } from './bench-db';
import { printGoals, printTable, type GoalRow } from './goals';
import { startProduct, startServer, type ServerProcess } from './server-process';
import { PINNED_RELEASES, startPinnedRelease } from './pinned-release';
import { benchOutboxReplay, benchOutboxDevices } from './outbox-replay';
import { benchCrmSync } from './crm-sync';
import { benchSearch } from './search';
import { benchWritePaths } from './write-paths';
import { benchLive } from './live';
import { benchMail } from './mail';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '555-0100' };
const leadJson = JSON.stringify({ ...person, industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000 });
// The same lead flagged by the fill-time guard: answered 201 like any other and stored in quarantine, without
// the roll-up count and the CRM job a lead adds.
const spamJson = JSON.stringify({ ...(JSON.parse(leadJson) as object), elapsedMs: 10 });
const sampleJson = JSON.stringify({
  ...person, addressLine1: '12 Engine Row', city: 'Austin', state: 'TX', zip: '78701', sampleType: 'postcards', notes: 'Both sizes', elapsedMs: 6000,
});
// A capture merges into an earlier one with the same e-mail at the same event, so each request gets its own.
const captureBody = () => JSON.stringify({ ...person, email: `${crypto.randomUUID()}@example.com`, eventName: 'Bench Expo', industry: 'mortgage', notes: 'Met at the booth' });
// Leads from a different person each, as the captures must be. The leads above all carry one address, so each
// index on the address takes every new lead at its end; different addresses land anywhere in those indexes,
// which is what real intake writes (docs/performance.md, Log, fourteenth session). Captures are compared with
// these; the leads' own goals keep the one address they have always been measured with.
const distinctLeadBody = () => JSON.stringify({ ...(JSON.parse(leadJson) as object), email: `${crypto.randomUUID()}@example.com` });

async function hammer(baseUrl: string, path: string, body: () => string, headers: Record<string, string> = {}): Promise<Result> {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path,
        // A fresh key per request, as each real submission carries its own.
        setupRequest: (req) => ({
          ...req,
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: body(),
        }),
      },
    ],
  });
}

async function signIn(baseUrl: string, databaseUrl: string): Promise<string> {
  const password = 'bench-password-123';
  const db = createDb(databaseUrl);
  try {
    const now = new Date().toISOString();
    await db('users').insert({ email: 'rep@example.com', name: 'Bench Rep', role: 'rep', password_hash: await hashPassword(password), created_at: now, updated_at: now });
  } finally {
    await db.destroy();
  }
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'rep@example.com', password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function throughput(engine: BenchEngine): Promise<GoalRow[]> {
  const db = await createBenchDb('post', engine);
  const app = await startServer('app', db.url);
  const bare = await startServer('bare');
  const floor = await startServer('koa');
  try {
    const cookie = await signIn(app.baseUrl, db.url);
    const ceiling = await hammer(bare.baseUrl, '/api/leads', () => leadJson);
    const framework = await hammer(floor.baseUrl, '/api/leads', () => leadJson);
    const leads = await hammer(app.baseUrl, '/api/leads', () => leadJson);
    const distinctLeads = await hammer(app.baseUrl, '/api/leads', distinctLeadBody);
    const spam = await hammer(app.baseUrl, '/api/leads', () => spamJson);
    const samples = await hammer(app.baseUrl, '/api/print-samples', () => sampleJson);
    // The captures read leads by event and e-mail: with the statistics a production database would have by now.
    await analyseAsAutovacuumWould(db);
    const captures = await hammer(app.baseUrl, '/api/capture/leads', captureBody, { cookie });
    const pinned: { release: string; result: Result | string }[] = [];
    for (const release of PINNED_RELEASES) pinned.push({ release, result: await hammerPinnedRelease(release, engine) });
    const product = [1, 2].map((workers) => ({ workers, result: null as Result | null }));
    for (const one of product) one.result = await hammerProduct(engine, one.workers);
    const row = (name: string, r: Result) =>
      [name, r.requests.average.toFixed(0), (r.requests.average / ceiling.requests.average).toFixed(2), `${r.latency.p50} ms`, `${r.latency.p99} ms`, String(r.non2xx + r.errors)];
    printTable(`POST throughput, ${CONNECTIONS} connections, ${DURATION_S} s each, ${engine}`, ['server', 'req/s', '× ceiling', 'p50', 'p99', 'non-2xx/errors'], [
      row('bare node:http (ceiling)', ceiling),
      row('Koa + router + body parser (framework floor)', framework),
      row('POST /api/leads, stored', leads),
      row('POST /api/leads, stored, a different person each', distinctLeads),
      row('POST /api/leads, suspected spam (stored in quarantine)', spam),
      row('POST /api/print-samples, stored', samples),
      row('POST /api/capture/leads, stored', captures),
      ...pinned.map(({ release, result }) => (typeof result === 'string' ? [result, '', '', '', '', ''] : row(`POST /api/leads, stored, release ${release}`, result))),
      ...product.map(({ workers, result }) => row(`POST /api/leads, stored, npm start with WEB_CONCURRENCY=${workers}`, result!)),
    ]);
    const ratio = (r: Result) => r.requests.average / ceiling.requests.average;
    // A run that completed nothing (a machine too loaded to answer in the time) meets no goal.
    const clean = (r: Result) => r.non2xx + r.errors === 0 && r['2xx'] > 0;
    const leadGoal = engine === 'sqlite' ? 0.5 : 0.35;
    const withinTenPercent = (r: Result) => clean(r) && clean(leads) && r.requests.average >= 0.9 * leads.requests.average;
    const percentOf = (r: Result, base: Result) => (base.requests.average > 0 ? `${((r.requests.average / base.requests.average) * 100).toFixed(0)} % of leads` : 'leads stored none');
    const ofLeads = (r: Result) => percentOf(r, leads);
    return [
      // No goal of its own: the framework floor says how much of the ceiling Koa itself leaves to the product,
      // so each ratio below can be read against what the chosen framework allows.
      { engine, goal: 'framework floor: Koa + router + body parser echo (for reading the ratios)', figure: `${ratio(framework).toFixed(2)} × (${framework.requests.average.toFixed(0)} req/s)`, met: null },
      { engine, goal: `POST /api/leads >= ${leadGoal} × ceiling (${ceiling.requests.average.toFixed(0)} req/s)`, figure: `${ratio(leads).toFixed(2)} × (${leads.requests.average.toFixed(0)} req/s)`, met: clean(leads) && ratio(leads) >= leadGoal },
      { engine, goal: 'POST /api/leads p99 <= 50 ms at 50 connections', figure: `${leads.latency.p99} ms`, met: clean(leads) && leads.latency.p99 <= 50 },
      { engine, goal: 'POST /api/leads >= 0.25 × the framework floor of this run', figure: `${(leads.requests.average / framework.requests.average).toFixed(3)} ×`, met: clean(leads) && leads.requests.average >= 0.25 * framework.requests.average },
      // A regression shows here as today's figure below the earlier release's, measured minutes apart.
      ...pinned.map(({ release, result }) =>
        typeof result === 'string'
          ? { engine, goal: `POST /api/leads at least release ${release}'s rate, same run`, figure: result, met: null }
          : { engine, goal: `POST /api/leads at least release ${release}'s rate, same run (${result.requests.average.toFixed(0)} req/s)`, figure: `${(leads.requests.average / Math.max(1, result.requests.average)).toFixed(2)} × the release`, met: clean(leads) && leads.requests.average >= 0.95 * result.requests.average },
      ),
      // Suspected spam is stored (quarantined, never discarded), so it takes the leads' storing path.
      { engine, goal: 'suspected spam (stored in quarantine) within 10 % of leads', figure: `${ratio(spam).toFixed(2)} × (${ofLeads(spam)})`, met: withinTenPercent(spam) },
      { engine, goal: 'POST /api/print-samples within 10 % of leads', figure: `${ratio(samples).toFixed(2)} × (${ofLeads(samples)})`, met: withinTenPercent(samples) },
      // Each capture is a different person (the same one would merge), so it is measured against leads that are too.
      {
        engine,
        goal: 'POST /api/capture/leads within 10 % of leads (of a different person each, as the captures)',
        figure: `${ratio(captures).toFixed(2)} × (${percentOf(captures, distinctLeads)}; ${ofLeads(captures)} of one person)`,
        met: clean(captures) && clean(distinctLeads) && captures.requests.average >= 0.9 * distinctLeads.requests.average,
      },
    ];
  } finally {
    await app.stop();
    await bare.stop();
    await floor.stop();
    await db.drop();
  }
}

/** Leads into a server of `start`'s on a database of its own (`label`), then both gone; a string: why none ran. */
async function hammerFresh(engine: BenchEngine, label: string, start: (url: string) => Promise<ServerProcess | { missing: string }>): Promise<Result | string> {
  const db = await createBenchDb(label, engine);
  try {
    const server = await start(db.url);
    if ('missing' in server) return server.missing;
    try {
      return await hammer(server.baseUrl, '/api/leads', () => leadJson);
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

/** Leads into the pinned earlier release: its rate and tail beside today's. */
const hammerPinnedRelease = (release: string, engine: BenchEngine) => hammerFresh(engine, 'pinned', (url) => startPinnedRelease(release, url));

/** Leads into the product as `npm start` runs it, with this many workers (WEB_CONCURRENCY). */
const hammerProduct = async (engine: BenchEngine, workers: number): Promise<Result> =>
  (await hammerFresh(engine, `product${workers}`, (url) => startProduct(url, workers))) as Result;

async function outbox(engine: BenchEngine): Promise<GoalRow[]> {
  const one = await benchOutboxReplay(engine);
  const many = await benchOutboxDevices(engine);
  printTable(`Offline outbox: queued submissions replayed when the network returns, ${engine}`, ['browsers', 'items', 'seconds', 'rows stored', 'duplicates', 'lost'], [one, many].map((r) => [
    String(r.devices), String(r.items), r.seconds.toFixed(1), String(r.rows), String(r.duplicates), String(r.lost),
  ]));
  const ok = (r: typeof one) => r.duplicates === 0 && r.lost === 0;
  return [
    { engine, goal: `${one.items} queued in one browser, then online: all stored once <= 5 s`, figure: `${one.seconds.toFixed(1)} s, ${one.rows} rows, ${one.duplicates} dup, ${one.lost} lost`, met: ok(one) && one.seconds <= 5 },
    { engine, goal: `${many.devices} browsers × ${many.items / many.devices} at once: all stored once <= 15 s`, figure: `${many.seconds.toFixed(1)} s, ${many.rows} rows, ${many.duplicates} dup, ${many.lost} lost`, met: ok(many) && many.seconds <= 15 },
  ];
}

async function crm(engine: BenchEngine): Promise<GoalRow[]> {
  const rows = await benchCrmSync(engine);
  printTable(`CRM sync: POST /api/leads to synced against the fake Pipedrive, ${engine}`, Object.keys(rows[0] ?? {}), rows.map((r) => Object.values(r).map(String)));
  return [];
}

/** The submission endpoints again, each alternating with the ceiling in short rounds: steadier on a busy machine. */
async function writePaths(engine: BenchEngine): Promise<GoalRow[]> {
  printTable(`Submissions alternating with the bare ceiling, ${engine}`, ['request', 'req/s', 'ceiling', 'ratio', 'p50', 'p99', 'non-2xx/errors'], await benchWritePaths(engine));
  return [];
}

const PARTS: Record<string, (engine: BenchEngine) => Promise<GoalRow[]>> = { throughput, 'write-paths': writePaths, search: benchSearch, latency: benchSearch, outbox, crm, live: benchLive, mail: benchMail };
const args = process.argv.slice(2);
const unknown = args.filter((a) => !(a in PARTS) && a !== 'sqlite' && a !== 'postgres');
if (unknown.length) throw new Error(`unknown bench argument ${unknown.join(', ')}: use ${Object.keys(PARTS).join(' | ')} and/or sqlite | postgres`);
const parts = args.filter((a) => a in PARTS);
const engines = benchEngines().filter((e) => !args.some((a) => a === 'sqlite' || a === 'postgres') || args.includes(e));
const goals: GoalRow[] = [];
for (const engine of engines) {
  for (const [name, part] of Object.entries(PARTS)) {
    if (name === 'latency') continue;
    if (parts.length === 0 || parts.includes(name) || (name === 'search' && parts.includes('latency'))) goals.push(...(await part(engine)));
  }
}
printGoals(goals);
