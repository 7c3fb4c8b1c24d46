// A server for the bench to load, in its own process so that it does not share a core with autocannon:
// `app` is the real product (DATABASE_URL, rate limit off, quiet log); `bare` is the ceiling, a node:http
// server that reads and parses the same JSON body and answers 201 without touching a database; `koa` is the
// framework floor, the same echo written with the framework the product is built on (Koa, @koa/router,
// @koa/bodyparser) and nothing of ours: no validation, no headers, no log. What `koa` loses against `bare`
// is the framework's own cost, which no change to the product can win back.
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import pino from 'pino';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { createLiveBus } from '../api/src/pipeline/live-bus';
import { createSubmissions, LEAD_WORK_FOLLOWERS } from '../api/src/wiring';

async function main() {
  const mode = process.argv[2];
  let handler: http.RequestListener;
  if (mode === 'app') {
    const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), rateLimitPerMinute: null };
    const db = createDb(config.databaseUrl);
    await migrateLatest(db);
    const logger = pino({ level: 'silent' });
    const live = createLiveBus();
    const sessionKeys = ['bench-session-key-bench-session-key-0123'];
    const submissions = createSubmissions(logger, live, { config, sessionKeys });
    // As the server does once it serves: SQLite's thread loads the pipeline before the first lead.
    await submissions.prepare(db);
    handler = createApp({ db, config, logger, clock: () => new Date(), sessionKeys, live, submissions, leadWorkFollowers: LEAD_WORK_FOLLOWERS }).callback();
  } else if (mode === 'bare') {
    handler = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 1, ...body, status: 'new', createdAt: new Date().toISOString() }));
      });
    };
  } else if (mode === 'koa') {
    const router = new Router();
    router.post('/api/leads', (ctx) => {
      ctx.status = 201;
      ctx.body = { id: 1, ...(ctx.request.body as Record<string, unknown>), status: 'new', createdAt: new Date().toISOString() };
    });
    const app = new Koa();
    app.use(bodyParser({ enableTypes: ['json'] }));
    app.use(router.routes());
    app.use(router.allowedMethods());
    handler = app.callback();
  } else {
    throw new Error('usage: serve.ts app|bare|koa');
  }
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Exit cleanly on SIGTERM, so a --cpu-prof run (BENCH_PROF=1) writes its profile.
process.on('SIGTERM', () => process.exit(0));
