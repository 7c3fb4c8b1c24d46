// Time from `POST /api/leads` to the lead's status `synced` (target: under 5 s when Pipedrive answers),
// against the fake Pipedrive: once answering at once (our own overhead) and once with a per-call delay like a
// real round trip to Pipedrive's API. Median of 20 sequential leads each. SQLite by default;
// BENCH_DATABASE_URL=postgres://… runs it on a throwaway schema of that server.
// Run: `npx tsx bench/crm-sync.ts` (bench/run.ts may call benchCrmSync()).
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { api, createTestDb, startTestApp, testConfig } from '../api/src/testing/test-app';
import { startFakePipedrive } from '../api/src/testing/fake-pipedrive';
import { CrmSyncWorker } from '../api/src/modules/crm';

const SAMPLES = Number(process.env.BENCH_CRM_SAMPLES ?? 20);
/** A realistic round trip to api.pipedrive.com from a US data centre, per call. */
const WAN_LATENCY_MS = Number(process.env.BENCH_CRM_LATENCY_MS ?? 150);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface CrmSyncBenchRow {
  pipedriveLatencyMs: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  callsPerLead: number;
}

export async function benchCrmSync(engine: 'sqlite' | 'postgres' = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite'): Promise<CrmSyncBenchRow[]> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const fake = await startFakePipedrive();
  const testDb = await createTestDb(engine);
  const crm = { ...testConfig().crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url };
  const app = await startTestApp(testDb.db, { config: { ...testConfig({ rateLimitPerMinute: null }), crm } });
  // Production settings (1 s poll): a lead written by this process wakes the worker when its transaction commits.
  const worker = new CrmSyncWorker({ db: testDb.db, config: { crm }, logger: pino({ level: 'silent' }) });
  worker.start();
  const rows: CrmSyncBenchRow[] = [];
  try {
    for (const latency of [0, WAN_LATENCY_MS]) {
      fake.reset();
      fake.setLatency(latency);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const body = {
          firstName: 'Ada', lastName: 'Lovelace', email: `ada-${crypto.randomUUID()}@example.com`, company: `Bench Co ${i}`,
          phone: '555-0100', industry: 'mortgage', volume: '1000-5000', message: 'Call me', source: 'Main Website', elapsedMs: 6000,
        };
        const started = performance.now();
        const res = await api(app.baseUrl, 'POST', '/api/leads', body, { 'Idempotency-Key': crypto.randomUUID() });
        if (res.status !== 201) throw new Error(`POST /api/leads answered ${res.status}: ${res.text}`);
        for (;;) {
          const row = await testDb.db('leads').select('status').where({ id: res.json.id }).first();
          if (row?.status === 'synced') break;
          if (row?.status === 'sync_failed') throw new Error('sync failed during the bench');
          if (performance.now() - started > 30_000) throw new Error('lead not synced within 30 s');
          await new Promise((r) => setTimeout(r, 2));
        }
        times.push(performance.now() - started);
      }
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({
        pipedriveLatencyMs: latency,
        medianMs: Math.round(median(times)),
        p90Ms: Math.round(sorted[Math.ceil(sorted.length * 0.9) - 1]!),
        maxMs: Math.round(sorted[sorted.length - 1]!),
        callsPerLead: fake.requests.length / SAMPLES,
      });
    }
  } finally {
    await worker.stop();
    await app.close();
    await testDb.drop();
    await fake.close();
  }
  console.log(`\nCRM sync: POST /api/leads → status synced (${engine}, fake Pipedrive, median of ${SAMPLES})`);
  console.table(
    rows.map((r) => ({
      'Pipedrive latency per call': `${r.pipedriveLatencyMs} ms`,
      'calls per lead': r.callsPerLead,
      median: `${r.medianMs} ms`,
      p90: `${r.p90Ms} ms`,
      max: `${r.maxMs} ms`,
    })),
  );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchCrmSync().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
