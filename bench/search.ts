// Admin reads at a million leads: the dashboard's stats and first page, keyset paging, and the
// search box for the kinds of term staff type: a term that matches nothing, a name prefix, an e-mail domain
// (a mailbox provider shared by a third of the leads, and one company's own domain), a company name, and the
// short terms (1-2 characters: common, rare, and a literal % or _) that the prefix indexes serve. Real HTTP
// with a signed-in session, median of RUNS after one warm-up request.
import type { Knex } from 'knex';
import { createDb } from '../api/src/db/knex';
import { leadsWithCapturer, isShortTerm, whereIndexCandidates, whereMatches, whereShortTermCandidates } from '../api/src/modules/leads';
import { migrateLatest } from '../api/src/db/migrate';
import { hashPassword } from '../api/src/modules/auth';
import { createBenchDb, type BenchEngine } from './bench-db';
import { median, printTable, type GoalRow } from './goals';
import { loadLeads } from './load-leads';
import { startServer } from './server-process';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const RUNS = 5;
const SEARCH_GOAL_MS = 50;
const PAGE_GOAL_MS = 20;

interface Probe {
  label: string;
  path: string;
  goalMs?: number;
}

const searchProbes: Probe[] = [
  { label: 'search, no match (no-such-lead)', path: '/api/admin/leads?q=no-such-lead', goalMs: SEARCH_GOAL_MS },
  { label: 'search, name prefix (jenn)', path: '/api/admin/leads?q=jenn', goalMs: SEARCH_GOAL_MS },
  { label: 'search, rare name prefix (zzq: none)', path: '/api/admin/leads?q=zzq', goalMs: SEARCH_GOAL_MS },
  { label: 'search, e-mail domain (@gmail.com, 35 %)', path: '/api/admin/leads?q=%40gmail.com', goalMs: SEARCH_GOAL_MS },
  { label: 'search, e-mail domain (@garciaroofing1234.com)', path: '/api/admin/leads?q=%40garciaroofing1234.com', goalMs: SEARCH_GOAL_MS },
  { label: 'search, company name (Garcia Roofing 1234)', path: '/api/admin/leads?q=Garcia%20Roofing%201234', goalMs: SEARCH_GOAL_MS },
  { label: 'search, full name (mary smith)', path: '/api/admin/leads?q=mary%20smith' },
  { label: 'search, 1 character (m)', path: '/api/admin/leads?q=m', goalMs: SEARCH_GOAL_MS },
  { label: 'search, 1 character, no match (q)', path: '/api/admin/leads?q=q', goalMs: SEARCH_GOAL_MS },
  { label: 'search, 2 characters (sm)', path: '/api/admin/leads?q=sm', goalMs: SEARCH_GOAL_MS },
  { label: 'search, 2 characters, no match (qz)', path: '/api/admin/leads?q=qz', goalMs: SEARCH_GOAL_MS },
  { label: 'search, literal % (no match)', path: '/api/admin/leads?q=%25', goalMs: SEARCH_GOAL_MS },
  { label: 'search, literal _ (no match)', path: '/api/admin/leads?q=_', goalMs: SEARCH_GOAL_MS },
  // pg_trgm has no trigram for these (no run of three letters or digits): PostgreSQL asks the index of every
  // three-character sequence instead (FTS5 indexes every character on SQLite).
  { label: 'search, 3 characters, no letter (%%%)', path: '/api/admin/leads?q=%25%25%25', goalMs: SEARCH_GOAL_MS },
  { label: 'search, initials (q b)', path: '/api/admin/leads?q=q%20b', goalMs: SEARCH_GOAL_MS },
];

export async function benchSearch(engine: BenchEngine): Promise<GoalRow[]> {
  const bdb = await createBenchDb('read', engine);
  const password = 'bench-password-123';
  try {
    const db = createDb(bdb.url);
    let loadSeconds: number;
    try {
      await migrateLatest(db);
      const started = performance.now();
      await loadLeads(db, LEADS, new Date());
      loadSeconds = (performance.now() - started) / 1000;
      const now = new Date().toISOString();
      await db('users').insert({ email: 'bench@example.com', name: 'Bench', role: 'admin', password_hash: await hashPassword(password), created_at: now, updated_at: now });
      await shareOutOwners(db, now);
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
      const time = async (path: string) => {
        const times: number[] = [];
        let status = 0;
        let count = 0;
        for (let i = 0; i <= RUNS; i++) {
          const t = performance.now();
          const res = await fetch(app.baseUrl + path, { headers: { Cookie: cookie } });
          const body = await res.text();
          status = res.status;
          if (path.startsWith('/api/admin/leads')) count = (JSON.parse(body) as unknown[]).length;
          if (i > 0) times.push(performance.now() - t); // the first run warms caches and is not counted
        }
        return { status, count, median: median(times), max: Math.max(...times) };
      };
      const firstPage = (await (await fetch(`${app.baseUrl}/api/admin/leads`, { headers: { Cookie: cookie } })).json()) as { id: number }[];
      const probes: Probe[] = [
        { label: 'stats', path: '/api/admin/stats', goalMs: PAGE_GOAL_MS },
        { label: 'first page', path: '/api/admin/leads', goalMs: PAGE_GOAL_MS },
        { label: 'second page', path: `/api/admin/leads?before=${firstPage.at(-1)!.id}` },
        { label: 'status filter', path: '/api/admin/leads?status=synced' },
        { label: 'owner filter "Mine" (0.1 % of leads)', path: '/api/admin/leads?owner=me', goalMs: SEARCH_GOAL_MS },
        { label: 'owner filter "Unassigned" (9.9 %, scattered)', path: '/api/admin/leads?owner=none', goalMs: SEARCH_GOAL_MS },
        { label: 'owner "Mine" and stage New', path: '/api/admin/leads?owner=me&stage=new', goalMs: SEARCH_GOAL_MS },
        ...searchProbes,
      ];
      const rows: string[][] = [];
      const goals: GoalRow[] = [];
      for (const p of probes) {
        const r = await time(p.path);
        rows.push([p.label, p.path, String(r.status), p.path.startsWith('/api/admin/leads') ? String(r.count) : '', `${r.median.toFixed(1)} ms`, `${r.max.toFixed(1)} ms`]);
        if (p.goalMs !== undefined) {
          goals.push({ engine, goal: `${p.label} at ${LEADS.toLocaleString('en-US')} leads <= ${p.goalMs} ms`, figure: `${r.median.toFixed(1)} ms`, met: r.status === 200 && r.median <= p.goalMs });
        }
      }
      await printPlans(bdb.url, engine);
      printTable(`Admin reads, ${LEADS.toLocaleString('en-US')} leads (loaded in ${loadSeconds.toFixed(1)} s), ${engine}, median of ${RUNS}`, ['request', 'path', 'status', 'rows', 'median', 'max'], rows);
      return goals;
    } finally {
      await app.stop();
    }
  } finally {
    await bdb.drop();
  }
}

/**
 * Owners as a working desk has them: another rep owns nine leads in ten, the bench's own account one in a
 * thousand (its "Mine"), and one in ten is nobody's, scattered over the two years ("Unassigned").
 */
async function shareOutOwners(db: Knex, nowIso: string): Promise<void> {
  const [other] = (await db('users').insert({ email: 'other-rep@example.com', name: 'Other Rep', role: 'rep', password_hash: 'x', created_at: nowIso, updated_at: nowIso }).returning('id')) as ({ id: number } | number)[];
  const me = (await db('users').where({ email: 'bench@example.com' }).first('id')) as { id: number };
  const otherId = typeof other === 'object' ? other.id : other;
  await db('leads').whereRaw('id % 10 <> 0').update({ owner_user_id: otherId, stage: 'contacted' });
  await db('leads').whereRaw('id % 1000 = 0').update({ owner_user_id: me.id });
}

/**
 * The plan of the indexed search (the query listLeads runs when the newest leads do not fill the page), for a
 * term that matches nothing, a company and a short term that matches nothing: it shows whether the trigram
 * index, or the prefix indexes, are used.
 */
async function printPlans(url: string, engine: BenchEngine) {
  const db = createDb(url);
  const newestFirst = (leads: Knex.QueryBuilder) => leads.whereNull('leads.spam_reason').orderBy([{ column: 'leads.created_at', order: 'desc' }, { column: 'leads.id', order: 'desc' }]);
  try {
    for (const term of ['no-such-lead', 'Garcia Roofing 1234', 'qz', 'q b']) {
      const query = newestFirst(leadsWithCapturer(db)).limit(50);
      whereMatches(db, query, term);
      if (isShortTerm(term)) whereShortTermCandidates(db, query, term, 50, newestFirst);
      else whereIndexCandidates(db, query, term);
      const sql = query.toString();
      const plan = engine === 'postgres'
        ? ((await db.raw(`explain (analyze, buffers, costs off) ${sql}`)) as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN'])
        : ((await db.raw(`explain query plan ${sql}`)) as { detail: string }[]).map((r) => r.detail);
      console.log(`\nPlan of the indexed search for "${term}", ${engine}:\n  ${plan.join('\n  ')}`);
    }
  } finally {
    await db.destroy();
  }
}
