// `npm run bench -- mail`: what mail costs the intake and how soon it arrives (issue #29).
//   intake   POST /api/leads with alerts on (an admin exists: each lead adds its alert row in the same
//            transaction) against alerts off (no admin), alternating in short rounds on one machine: goal within 10 %
//   latency  the real server (api/src/server.ts with its MailWorker) sending to a local SMTP server
//            (api/src/testing/fake-smtp.ts): from a lead's 201 to its alert accepted by the SMTP server, p95 <= 5 s.
//            Sequential leads; the recipient changes every five, so none folds into a digest.
//   burst    500 leads at once to two admins: each receives at most 10 messages (five alerts, then a digest) and
//            every lead is listed in one of them.
import crypto from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { createDb } from '../api/src/db/knex';
import { startFakeSmtp, type FakeSmtp } from '../api/src/testing/fake-smtp';
import { startServerChild } from '../api/src/testing/server-child';
import { createBenchDb, type BenchEngine } from './bench-db';
import { median, printTable, type GoalRow } from './goals';
import { startServer } from './server-process';

const ROUND_S = Number(process.env.BENCH_MAIL_ROUND_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 4);
const CONNECTIONS = 50;
const LATENCY_SAMPLES = 20;
const BURST = 500;

const leadBody = (i: number | string) =>
  JSON.stringify({ firstName: `Bench${i}`, lastName: 'Lovelace', email: `bench-${i}@example.com`, company: 'Analytical Engines', phone: '555-0100', industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000 });

async function addAdmins(databaseUrl: string, emails: string[]): Promise<number[]> {
  const db = createDb(databaseUrl);
  try {
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (const [i, email] of emails.entries()) {
      const [row] = await db('users').insert({ email, name: `Bench Admin ${i}`, role: 'admin', password_hash: '!', created_at: now, updated_at: now }).returning('id');
      ids.push(Number(typeof row === 'object' ? row.id : row));
    }
    return ids;
  } finally {
    await db.destroy();
  }
}

function hammer(baseUrl: string): Promise<Result> {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: ROUND_S,
    requests: [{ method: 'POST', path: '/api/leads', setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: leadBody(crypto.randomUUID()) }) }],
  });
}

async function intake(engine: BenchEngine): Promise<GoalRow> {
  const onDb = await createBenchDb('mail-on', engine);
  const offDb = await createBenchDb('mail-off', engine);
  const on = await startServer('app', onDb.url);
  const off = await startServer('app', offDb.url);
  try {
    await addAdmins(onDb.url, ['alerted@example.com']);
    const rates = { on: [] as number[], off: [] as number[] };
    let bad = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round runs both, in turns, so a change in the machine's load falls on both sides.
      for (const [side, server] of (round % 2 ? [['off', off], ['on', on]] : [['on', on], ['off', off]]) as [keyof typeof rates, typeof on][]) {
        const r = await hammer(server.baseUrl);
        bad += r.non2xx + r.errors;
        rates[side].push(r.requests.average);
      }
    }
    const db = createDb(onDb.url);
    const queued = Number((await db('mail_messages').count({ n: '*' }).first())?.n ?? 0);
    await db.destroy();
    const [a, b] = [median(rates.on), median(rates.off)];
    printTable(`Lead intake, alerts on and off, ${ROUNDS} rounds of ${ROUND_S} s each at ${CONNECTIONS} connections, ${engine}`, ['side', 'req/s per round', 'median'], [
      ['alerts on (an admin: one alert row per lead)', rates.on.map((x) => x.toFixed(0)).join(' '), a.toFixed(0)],
      ['alerts off (no admin)', rates.off.map((x) => x.toFixed(0)).join(' '), b.toFixed(0)],
    ]);
    return { engine, goal: 'POST /api/leads with alerts on within 10 % of alerts off', figure: `${((a / b) * 100).toFixed(0)} % (${a.toFixed(0)} vs ${b.toFixed(0)} req/s, ${queued} alerts queued, ${bad} non-2xx)`, met: bad === 0 && queued > 0 && a >= 0.9 * b };
  } finally {
    await on.stop();
    await off.stop();
    await onDb.drop();
    await offDb.drop();
  }
}

async function postLead(baseUrl: string, i: number | string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: leadBody(i) });
  if (res.status !== 201) throw new Error(`POST /api/leads answered ${res.status}: ${await res.text()}`);
  return performance.timeOrigin + performance.now();
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
  }
}

async function latency(engine: BenchEngine, smtp: FakeSmtp): Promise<GoalRow> {
  const database = await createBenchDb('mail-latency', engine);
  const server = await startServerChild(database.url, { SMTP_URL: smtp.url });
  const db = createDb(database.url);
  try {
    const admins = await addAdmins(database.url, Array.from({ length: LATENCY_SAMPLES / 5 }, (_, i) => `latency${i}@example.com`));
    const now = new Date().toISOString();
    // Every admin but the current one has new-lead e-mail off: at most five alerts to one person in the run.
    await db('notification_preferences').insert(admins.map((id) => ({ user_id: id, enabled: false, leads: false, samples: false, captures: false, crm_failures: false, email_leads: false, updated_at: now })));
    const times: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      if (i % 5 === 0) {
        await db('notification_preferences').update({ email_leads: false });
        await db('notification_preferences').where({ user_id: admins[i / 5]! }).update({ email_leads: true });
      }
      const answered = await postLead(server.baseUrl, `latency-${i}`);
      await waitUntil(`alert ${i}`, () => smtp.inbox.some((m) => m.parsed.subject?.includes(`Bench${'latency-'}${i} `)), 30_000);
      const mail = smtp.inbox.find((m) => m.parsed.subject?.includes(`Benchlatency-${i} `))!;
      times.push(mail.receivedAt - answered);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1]!;
    printTable(`Lead 201 to its alert accepted by a local SMTP server (real server process and MailWorker), ${LATENCY_SAMPLES} sequential leads, ${engine}`, ['median', 'p95', 'max'], [
      [`${median(times).toFixed(0)} ms`, `${p95.toFixed(0)} ms`, `${sorted.at(-1)!.toFixed(0)} ms`],
    ]);
    return { engine, goal: "a lead's alert accepted by the SMTP server p95 <= 5 s after the 201", figure: `p95 ${p95.toFixed(0)} ms (median ${median(times).toFixed(0)} ms)`, met: p95 <= 5000 };
  } finally {
    await db.destroy();
    await server.kill();
    await database.drop();
  }
}

async function burst(engine: BenchEngine, smtp: FakeSmtp): Promise<GoalRow> {
  const database = await createBenchDb('mail-burst', engine);
  const server = await startServerChild(database.url, { SMTP_URL: smtp.url });
  try {
    const admins = ['burst.a@example.com', 'burst.b@example.com'];
    await addAdmins(database.url, admins);
    const started = Date.now();
    // 500 leads as fast as 50 connections send them.
    let next = 0;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (next < BURST) await postLead(server.baseUrl, `burst-${next++}x`);
    }));
    const postedS = (Date.now() - started) / 1000;
    // The digest goes when its minute ends: wait until every lead is listed to each admin (or two minutes pass).
    const listed = (admin: string) => {
      const text = smtp.inbox.filter((m) => m.rcptTo.includes(admin)).map((m) => `${m.parsed.subject}\n${m.parsed.text}`).join('\n');
      return Array.from({ length: BURST }, (_, i) => text.includes(`Bench${`burst-${i}x`} `)).filter(Boolean).length;
    };
    await waitUntil('every lead listed', () => admins.every((a) => listed(a) === BURST), 150_000).catch(() => undefined);
    const rows = admins.map((a) => {
      const mine = smtp.inbox.filter((m) => m.rcptTo.includes(a));
      return { admin: a, messages: mine.length, digests: mine.filter((m) => /alerts? in the last minute/.test(m.parsed.subject ?? '')).length, listed: listed(a) };
    });
    printTable(`${BURST} leads in a burst (${postedS.toFixed(1)} s to post) to two admins, ${engine}`, ['admin', 'messages', 'digests', 'leads listed'], rows.map((r) => [r.admin, String(r.messages), String(r.digests), `${r.listed} of ${BURST}`]));
    const worst = Math.max(...rows.map((r) => r.messages));
    return { engine, goal: `${BURST} leads in a burst: each admin <= 10 messages, every lead listed`, figure: `at most ${worst} messages, ${Math.min(...rows.map((r) => r.listed))} of ${BURST} listed`, met: worst <= 10 && rows.every((r) => r.listed === BURST) };
  } finally {
    await server.kill();
    await database.drop();
  }
}

export async function benchMail(engine: BenchEngine): Promise<GoalRow[]> {
  const goals = [await intake(engine)];
  const smtp = await startFakeSmtp();
  try {
    goals.push(await latency(engine, smtp));
    smtp.clear();
    goals.push(await burst(engine, smtp));
  } finally {
    await smtp.close();
  }
  return goals;
}
