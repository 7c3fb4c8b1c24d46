// The one process of `npm start`: configuration, database, migrations, then pages and API on one port.
import http from 'node:http';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { createLogger } from './logger';
import { resolveSessionKeys } from './session-secret';
import { createApp } from './app';
import { announceSetupLink } from './modules/auth';
import { CrmSyncWorker } from './modules/crm';
import { MailWorker } from './modules/mail';
import { startRetentionTimer } from './modules/privacy';
import { startQuarantinePurgeTimer } from './pipeline/quarantine';
import { createSubmissions } from './wiring';
import { createLiveBus } from './pipeline/live-bus';
import { liveHubOf } from './modules/live';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = createDb(config.databaseUrl);
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
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
  };
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await listen(server, config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port }, `DirectMailers is serving on http://localhost:${port}`);
  await announceSetupLink(deps, `http://localhost:${port}`);
  // Hands leads and sample requests to Pipedrive (a no-op without PIPEDRIVE_API_TOKEN).
  const crmWorker = new CrmSyncWorker(deps);
  crmWorker.start();
  // Sends the mail queue: over SMTP_URL, or saved as .eml files in MAIL_DIR when none is set.
  const mailWorker = new MailWorker(deps);
  mailWorker.start();
  // Erases records older than the retention period, when staff have turned the rule on (docs/security.md).
  const retention = startRetentionTimer(deps);
  // Deletes suspected spam nobody released within QUARANTINE_DAYS (docs/api.md, "Spam guards").
  const quarantinePurge = startQuarantinePurgeTimer(deps);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    // Open live streams would hold the close up: they end now, and the browsers reconnect to another process.
    void liveHubOf(deps).close();
    server.close(async () => {
      await Promise.all([crmWorker.stop(), mailWorker.stop(), retention.stop(), quarantinePurge.stop()]);
      await db.destroy();
      clearTimeout(force);
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** A port another process holds is the operator's to resolve: one line saying so, not a stack trace. */
class PortInUseError extends Error {}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`Port ${port} is in use: stop the other process or set PORT`) : err);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof PortInUseError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
