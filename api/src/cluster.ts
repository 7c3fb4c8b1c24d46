// WEB_CONCURRENCY > 1: one primary process and that many workers (node:cluster) serving one port
// (docs/architecture.md, "Processes"). The primary serves no request. It forks the workers at once (each takes the
// port and answers /readyz 503 while it waits), migrates the database once, tells the workers, prints the
// first-run setup link once they all serve, replaces a worker that dies (waiting longer after each quick death,
// so a crash loop does not spin), relays SQLite's signals between the workers (db/notify.ts), answers /metrics
// for all of them (prom-client's AggregatorRegistry), and on SIGTERM or SIGINT drains every worker and exits.
// What runs once: migrations and the setup link (here), the recurring sweeps (worker 1, and its replacement).
// What every worker runs: the CRM and mail queue workers, whose lease claim hands each job to one of them.
import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { relayBetweenWorkers } from './db/notify';
import { listen } from './http/listen';
import { retryDelayMs } from './lib/backoff';
import { registry } from './lib/metrics';
import { createLogger } from './logger';
import { announceSetupLink } from './modules/auth';

/** The primary ends whatever worker has not ended by then (exit 1); each worker gives itself 9 s. */
const STOP_DEADLINE_MS = 9500;
/** A worker that served this long before dying was not crash-looping: its replacement starts at once. */
const HEALTHY_RUN_MS = 30_000;
const REPLACE_BACKOFF = { firstMs: 250, maxMs: 30_000 };

type Message =
  | { type: 'dm:waiting' }
  | { type: 'dm:migrated' }
  | { type: 'dm:ready'; port: number }
  | { type: 'dm:metrics'; id: number }
  | { type: 'dm:metrics-answer'; id: number; text?: string; error?: string };

const messageOf = (value: unknown): Message | null => {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('dm:') ? (value as Message) : null;
};

/** A worker's side: which slot it fills, when the schema is ready, how it says it serves, and the cluster's metrics. */
export interface WorkerLink {
  /** 1 … WEB_CONCURRENCY; a replacement takes the slot of the worker it replaces. */
  slot: number;
  migrated: Promise<void>;
  ready(port: number): void;
  clusterMetrics(): Promise<string>;
}

export function workerLink(): WorkerLink {
  // Answers the primary's requests for this worker's metrics.
  AggregatorRegistry.setRegistries(registry);
  new AggregatorRegistry();
  let migrated!: () => void;
  const migratedPromise = new Promise<void>((resolve) => (migrated = resolve));
  const asked = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  process.on('message', (value: unknown) => {
    const message = messageOf(value);
    if (message?.type === 'dm:migrated') migrated();
    if (message?.type === 'dm:metrics-answer') {
      const waiting = asked.get(message.id);
      asked.delete(message.id);
      if (message.text !== undefined) waiting?.resolve(message.text);
      else waiting?.reject(new Error(message.error ?? 'no metrics'));
    }
  });
  // Asked now that this worker listens for the answer: a message sent before a listener exists is lost.
  process.send?.({ type: 'dm:waiting' } satisfies Message);
  return {
    slot: Number(process.env.DM_WORKER_SLOT) || 1,
    migrated: migratedPromise,
    ready: (port) => process.send?.({ type: 'dm:ready', port } satisfies Message),
    clusterMetrics: () =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        asked.set(id, { resolve, reject });
        process.send?.({ type: 'dm:metrics', id } satisfies Message);
      }),
  };
}

/** GET /metrics on 127.0.0.1:`port` only, without a token (METRICS_PORT); anything else is 404. */
export async function serveMetrics(port: number, metricsText: () => Promise<string>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Metrics unavailable' })),
    );
  });
  await listen(server, port, '127.0.0.1', 'METRICS_PORT');
  return server;
}

export async function runPrimary(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel).child({ primary: process.pid });
  const workers = config.webConcurrency;
  const aggregator = new AggregatorRegistry();
  // The workers run the server's own file (npm start's build check is the primary's alone), under the same flags.
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'server.ts') });

  const db = createDb(config.databaseUrl);
  let metricsServer: http.Server | null = null;
  let migrated = false;
  let stopping = false;
  const slots = new Map<number, { worker: Worker; startedAt: number; served: boolean; waiting: boolean }>();
  /** Quick deaths in a row per slot, for the replacement's backoff. */
  const deaths = new Map<number, number>();
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  let servingAnnounced = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({ DM_WORKER_SLOT: String(slot) });
    slots.set(slot, { worker, startedAt: Date.now(), served: false, waiting: false });
    relayBetweenWorkers(worker, liveWorkers);
    worker.on('message', (value: unknown) => {
      const message = messageOf(value);
      if (message?.type === 'dm:waiting') {
        if (migrated) worker.send({ type: 'dm:migrated' } satisfies Message);
        else slots.get(slot)!.waiting = true;
      }
      if (message?.type === 'dm:ready') {
        slots.get(slot)!.served = true;
        void allServing(message.port);
      }
      if (message?.type === 'dm:metrics') {
        aggregator.clusterMetrics().then(
          (text) => worker.isConnected() && worker.send({ type: 'dm:metrics-answer', id: message.id, text } satisfies Message),
          (err: Error) => worker.isConnected() && worker.send({ type: 'dm:metrics-answer', id: message.id, error: err.message } satisfies Message),
        );
      }
    });
  };

  // Once every first worker serves: the one line saying so, and the first-run setup link, once.
  const allServing = async (port: number) => {
    if (servingAnnounced || [...slots.values()].some((s) => !s.served)) return;
    servingAnnounced = true;
    logger.info({ port, workers }, `DirectMailers is serving on http://localhost:${port} (${workers} workers)`);
    await announceSetupLink({ db, clock: () => new Date() }, `http://localhost:${port}`);
    await db.destroy();
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = [...slots].find(([, s]) => s.worker === worker);
    if (!slot) return;
    const [number, state] = slot;
    slots.delete(number);
    if (stopping) {
      if (slots.size === 0) {
        logger.info('stopped');
        process.exit(0);
      }
      return;
    }
    if (!servingAnnounced && !state.served) {
      // A worker that cannot start (the port taken, a bad file) would fail the same way again: the start fails.
      logger.error({ worker: worker.process.pid, code, signal }, 'a worker could not start; stopping');
      stopAll(1);
      return;
    }
    const quick = Date.now() - state.startedAt < HEALTHY_RUN_MS;
    const inARow = quick ? (deaths.get(number) ?? 0) + 1 : 1;
    deaths.set(number, inARow);
    const delay = quick ? retryDelayMs(inARow, REPLACE_BACKOFF) : 0;
    logger.warn({ worker: worker.process.pid, slot: number, code, signal, replaceInMs: delay }, 'worker ended unexpectedly; replacing it');
    setTimeout(() => {
      if (!stopping) fork(number);
    }, delay);
  });

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    metricsServer?.close();
    for (const { worker } of slots.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const { worker } of slots.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    if (slots.size === 0 || exitCode !== 0) {
      // Nothing to wait for (or a failed start): the workers are told, and the primary goes with its code.
      setTimeout(() => process.exit(exitCode), exitCode === 0 ? 0 : 200);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'draining every worker');
      stopAll(0);
    });
  }

  for (let slot = 1; slot <= workers; slot++) fork(slot);
  try {
    if (config.metrics.port) metricsServer = await serveMetrics(config.metrics.port, () => aggregator.clusterMetrics());
  } catch (err) {
    console.error((err as Error).message);
    stopAll(1);
    return;
  }
  try {
    const applied = await migrateLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (err) {
    logger.error({ err }, 'migrations failed; stopping');
    stopAll(1);
    return;
  }
  migrated = true;
  for (const { worker, waiting } of slots.values()) if (waiting && worker.isConnected()) worker.send({ type: 'dm:migrated' } satisfies Message);
}
