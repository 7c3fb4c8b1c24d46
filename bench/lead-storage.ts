// The storage path alone, without HTTP: `submitLead` called by C concurrent callers (default 50) for N leads
// (default 5000), each with a fresh Idempotency-Key, with the mean time of each kind of statement from knex's
// query events. Run it directly: `npx tsx bench/lead-storage.ts` (SQLite in a temp folder) or with
// URL=postgres://…/<an empty database>. It separates the database's share of POST /api/leads from the framework's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { submitLead } from '../api/src/modules/leads';
import { createLiveBus } from '../api/src/pipeline/live-bus';
import { createSubmissions } from '../api/src/wiring';
import { TEST_SESSION_KEYS, testConfig } from '../api/src/testing/test-app';
import type { LeadData } from '../api/src/contract';

const url = process.env.URL ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dm-storage-')), 'bench.sqlite');
const db = createDb(url);
await migrateLatest(db);
const times = new Map<string, number[]>();
const started = new Map<string, number>();
db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
  const kind = q.sql.slice(0, 40);
  (times.get(kind) ?? times.set(kind, []).get(kind)!).push(performance.now() - started.get(q.__knexQueryUid)!);
});
const logger = pino({ level: 'silent' });
const live = createLiveBus();
const deps = { db, clock: () => new Date(), logger, live, submissions: createSubmissions(logger, live, { config: testConfig(), sessionKeys: TEST_SESSION_KEYS }) };
const input = {
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', phone: '555-0100',
  industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000,
} as LeadData;
const N = Number(process.env.N ?? 5000);
const C = Number(process.env.C ?? 50);
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: C }, async () => {
    while (next++ < N) await submitLead(deps, input, crypto.randomUUID());
  }),
);
const seconds = (performance.now() - t0) / 1000;
console.log(`${N} leads by ${C} callers in ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(0)} leads/s`);
for (const [kind, ms] of times) console.log(`${String(ms.length).padStart(6)} × ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} ms  ${kind}`);
await db.destroy();
