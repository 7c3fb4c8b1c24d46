// `npm start`: configuration, then either the one process of WEB_CONCURRENCY=1 (database, migrations, pages and API
// on one port), or under a larger WEB_CONCURRENCY a primary (api/src/cluster.ts) that migrates once and keeps that
// many workers serving the port, each of them this file again (docs/architecture.md, "Processes").
import cluster from 'node:cluster';
import http from 'node:http';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { createLogger } from './logger';
import { resolveSessionKeys } from './session-secret';
import { createApp } from './app';
import { announceSetupLink } from './modules/auth';
import { CrmSyncWorker } from './modules/crm';
import { MailWorker } from './modules/mail';
import { startRetentionTimer } from './modules/privacy';
import { startOverdueSweep } from './modules/lead-work';
import { startQuarantinePurgeTimer } from './pipeline/quarantine';
import { createSubmissions, LEAD_WORK_FOLLOWERS } from './wiring';
import { createLiveBus } from './pipeline/live-bus';
import { liveHubOf } from './modules/live';
import { Lifecycle } from './lib/lifecycle';
import { registry } from './lib/metrics';
import { runPrimary, serveMetrics, workerLink, type WorkerLink } from './cluster';
import { PortInUseError, listen } from './http/listen';

/** After SIGTERM, a process that has not ended by then is ended (exit 1): a supervisor waits about 10 s. */
const STOP_DEADLINE_MS = 9000;

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config);
  return serve(config, cluster.isWorker ? workerLink() : null);
}

/** One serving process: the whole product alone (worker null), or one worker of the primary's. */
async function serve(config: Config, worker: WorkerLink | null) {
  const logger = createLogger(config.logLevel);
  const db = createDb(config.databaseUrl);
  const lifecycle = new Lifecycle('starting');
  // The port is taken first and answers while the schema is brought up to date: /healthz 200, /readyz 503, the
  // rest 503 with Retry-After, so a load balancer sees a process starting rather than a refused connection.
  let handle: http.RequestListener = starting;
  let draining = false;
  const server = http.createServer((req, res) => {
    // Draining: every answer closes its connection, so keep-alive clients open their next one elsewhere.
    if (draining) res.setHeader('Connection', 'close');
    handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await listen(server, config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let stopping = false;
  let onStop: (signal: string) => void = (signal) => {
    // Stopped before it served: nothing is in flight; a migration under way rolls back with the process.
    logger.info({ signal }, 'stopped while starting');
    process.exit(0);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.drain();
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    onStop(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (worker) await worker.migrated;
  else {
    const applied = await migrateLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  }
  const live = createLiveBus((err) => logger.error({ err }, 'live event listener failed'));
  const sessionKeys = resolveSessionKeys(config);
  const deps = {
    db,
    config,
    logger,
    clock: () => new Date(),
    sessionKeys,
    live,
    submissions: createSubmissions(logger, live, { config, sessionKeys }),
    leadWorkFollowers: LEAD_WORK_FOLLOWERS,
  };
  const app = createApp(deps, { lifecycle, metricsText: worker ? worker.clusterMetrics : () => registry.metrics() });
  handle = app.callback();
  lifecycle.serving();
  // SQLite: the thread that writes submissions loads the pipeline now, in the background, not with the first lead.
  deps.submissions.prepare(db).catch((err: unknown) => logger.warn({ err }, 'preparing the submission pipeline failed'));
  // Hands leads and sample requests to Pipedrive (a no-op without PIPEDRIVE_API_TOKEN). In every worker: the lease
  // claim gives each job to one of them, as it does across servers (db/lease-claim.ts).
  const crmWorker = new CrmSyncWorker(deps);
  crmWorker.start();
  // Sends the mail queue: over SMTP_URL, or saved as .eml files in MAIL_DIR when none is set. Shared the same way.
  const mailWorker = new MailWorker(deps);
  mailWorker.start();
  // The sweeps run in one process of the machine: the only one, or the primary's first worker.
  const sweeps = !worker || worker.slot === 1;
  // Erases records older than the retention period, when staff have turned the rule on (docs/security.md).
  const retention = sweeps ? startRetentionTimer(deps) : null;
  // Deletes suspected spam nobody released within QUARANTINE_DAYS (docs/api.md, "Spam guards").
  const quarantinePurge = sweeps ? startQuarantinePurgeTimer(deps) : null;
  // Raises once every unowned lead still New past the admins' setting (docs/api.md, "Working a lead").
  const overdueSweep = sweeps ? startOverdueSweep(deps) : null;
  if (sweeps) logger.info('recurring sweeps run in this process');
  const metricsServer = !worker && config.metrics.port ? await serveMetrics(config.metrics.port, () => registry.metrics()) : null;

  // The drain (docs/architecture.md): /readyz turned 503 in stop(); live streams end now (the browser reconnects
  // after the retry: its stream was given, to a process that is staying); new connections are still taken for the
  // grace period, while a load balancer notices; then the port closes, requests in flight and the group commit
  // they wait for finish, the queue workers finish the job in hand, and the database closes.
  onStop = (signal) => {
    logger.info({ signal, graceMs: config.drainGraceMs }, 'draining');
    draining = true;
    void liveHubOf(deps).close();
    setTimeout(() => {
      metricsServer?.close();
      server.close(async () => {
        await Promise.all([crmWorker.stop(), mailWorker.stop(), retention?.stop(), quarantinePurge?.stop(), overdueSweep?.stop()]);
        await db.destroy();
        logger.info('stopped');
        process.exit(0);
      });
      server.closeIdleConnections();
    }, config.drainGraceMs).unref();
  };

  if (worker) worker.ready(port);
  else {
    logger.info({ port }, `DirectMailers is serving on http://localhost:${port}`);
    await announceSetupLink(deps, `http://localhost:${port}`);
  }
}

/** What a process answers before its schema is known to be up to date. */
const starting: http.RequestListener = (req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };
  if (path === '/healthz') return json(200, { status: 'ok', pid: process.pid });
  if (path === '/readyz') return json(503, { status: 'not ready', reason: 'migrations pending', pid: process.pid });
  json(503, { message: 'The server is starting: try again in a moment' }, { 'Retry-After': '1' });
};

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof PortInUseError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
