import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { submitLead } from '../api/src/modules/leads/leads-service';

const url = process.env.URL ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dm-micro-')), 'm.sqlite');
const db = createDb(url);
await migrateLatest(db);
const times = new Map<string, number[]>();
const started = new Map<string, number>();
db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
  const k = q.sql.slice(0, 40);
  (times.get(k) ?? times.set(k, []).get(k)!).push(performance.now() - started.get(q.__knexQueryUid)!);
});
const deps = { db, clock: () => new Date(), logger: pino({ level: 'silent' }) };
const input = { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', company: 'AE', phone: '555', industry: 'mortgage', volume: '1000-5000', message: 'hi', source: 'Main Website', elapsedMs: 6000 } as never;
const N = Number(process.env.N ?? 5000), C = Number(process.env.C ?? 50);
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: C }, async () => { while (next++ < N) await submitLead(deps, input, crypto.randomUUID()); }));
const s = (performance.now() - t0) / 1000;
console.log(`${N} leads in ${s.toFixed(2)} s = ${(N / s).toFixed(0)}/s`);
for (const [k, v] of times) console.log(v.length, (v.reduce((a, b) => a + b, 0) / v.length).toFixed(2), 'ms', k);
await db.destroy();
