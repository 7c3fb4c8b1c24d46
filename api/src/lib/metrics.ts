// The product's metrics (GET /metrics, docs/api.md), one registry per process: prom-client's default process
// metrics (CPU, memory, event-loop lag, GC) and the product's own, defined here once so that every label is
// chosen here: route patterns, kinds, reasons, queue names; never a path, a query, an e-mail address or an id.
// Counters move where things happen (the HTTP middleware, the submission pipeline's observer, the push sender,
// the CRM worker); gauges read what they show when they are scraped (queue tables, open live streams).
// Under WEB_CONCURRENCY the primary asks every worker for its registry and adds them up (api/src/cluster.ts):
// counters and histograms are summed, and a gauge that every worker reads from the same tables takes one
// worker's value (`aggregator: 'max'`) instead of being counted once per worker.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** What the gauges read at scrape time; set by the app (one per process in production, the latest in tests). */
export interface ScrapeSources {
  /** Live streams open in this process. */
  liveStreams: () => number;
  /** Depth and oldest age of each queue (CRM, mail), read from its table. */
  queues: () => Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]>;
}

let sources: ScrapeSources | null = null;

export function setScrapeSources(next: ScrapeSources): void {
  sources = next;
}

/** HTTP methods as labels; anything else a client invents is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'other');

export const httpRequests = new Counter({
  name: 'dm_http_requests_total',
  help: 'HTTP requests answered, by route pattern (unmatched: no API route matched: pages, files, unknown paths), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'dm_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being handed to the socket, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const submissionsStored = new Counter({
  name: 'dm_submissions_stored_total',
  help: 'Submissions stored and followed (not quarantined), by kind of record and how they came',
  labelNames: ['kind', 'how'] as const,
  registers: [registry],
});

export const submissionsQuarantined = new Counter({
  name: 'dm_submissions_quarantined_total',
  help: 'Submissions stored in quarantine as suspected spam, by kind of record and reason',
  labelNames: ['kind', 'reason'] as const,
  registers: [registry],
});

export const groupCommitBatch = new Histogram({
  name: 'dm_group_commit_batch_size',
  help: 'Submissions stored by one group-commit transaction, by endpoint scope',
  labelNames: ['scope'] as const,
  buckets: [1, 2, 5, 10, 20, 50, 100],
  registers: [registry],
});

export const pushFailures = new Counter({
  name: 'dm_push_failures_total',
  help: 'Web Push messages not delivered (gone: the subscription ended and was removed; failed: any other refusal or error)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const crmSyncFailures = new Counter({
  name: 'dm_crm_sync_failures_total',
  help: 'CRM sync attempts that failed (retry: tried again later; gave_up: the record is marked sync_failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const mailSendFailures = new Counter({
  name: 'dm_mail_send_failures_total',
  help: 'E-mail sends that failed (retry: tried again later; failed: refused for good or out of attempts, shown failed on the Mail screen)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

new Gauge({
  name: 'dm_live_streams_open',
  help: 'Staff live streams (GET /api/admin/live) open',
  registers: [registry],
  collect() {
    this.set(sources?.liveStreams() ?? 0);
  },
});

/** One read of the queue tables per scrape: both queue gauges are collected at once and share it. */
let queueRead: ReturnType<ScrapeSources['queues']> | null = null;
function readQueues(): ReturnType<ScrapeSources['queues']> {
  if (!sources) return Promise.resolve([]);
  queueRead ??= sources.queues().finally(() => (queueRead = null));
  return queueRead;
}

new Gauge({
  name: 'dm_queue_depth',
  help: 'Jobs waiting (pending or running) in each queue',
  labelNames: ['queue'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    for (const { queue, depth } of await readQueues()) this.set({ queue }, depth);
  },
});

new Gauge({
  name: 'dm_queue_oldest_age_seconds',
  help: 'Age of the oldest job waiting (pending or running) in each queue; 0 when none waits',
  labelNames: ['queue'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    for (const { queue, oldestAgeSeconds } of await readQueues()) this.set({ queue }, oldestAgeSeconds);
  },
});
