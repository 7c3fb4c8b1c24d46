// What a load balancer and a metrics scraper ask a process, outside /api: no origin check, no body, no session,
// no rate limit, and no access-log line for every poll.
//   GET /healthz  the process is alive (no database call): 200 {status: 'ok', pid}
//   GET /readyz   the process should be sent requests: its migrations are done, its database answers a trivial
//                 query, and it is not draining. 200 {status: 'ready', pid}, else 503 {status: 'not ready', reason}
//   GET /metrics  Prometheus text (lib/metrics.ts), only with METRICS_TOKEN set and `Authorization: Bearer` it;
//                 METRICS_PORT serves it on loopback instead (server.ts, cluster.ts).
import crypto from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../../deps';
import { notReadyReason, type Lifecycle } from '../../lib/lifecycle';
import { registry } from '../../lib/metrics';

/** How long /readyz waits for the database before calling it unavailable. */
const DATABASE_CHECK_MS = 2000;

export interface OpsOptions {
  lifecycle: Lifecycle;
  /** This process's metrics, or under WEB_CONCURRENCY every worker's added up by the primary. */
  metricsText: () => Promise<string>;
}

export function opsRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>, { lifecycle, metricsText }: OpsOptions): Koa.Middleware {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', pid: process.pid };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const reason = notReadyReason(lifecycle) ?? ((await databaseAnswers(() => db.raw('select 1'))) ? null : 'database unavailable');
    if (reason) {
      ctx.status = 503;
      ctx.body = { status: 'not ready', reason, pid: process.pid };
      return;
    }
    ctx.body = { status: 'ready', pid: process.pid };
  });
  const token = config.metrics.token;
  if (token) {
    router.get('/metrics', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!bearerMatches(ctx.get('Authorization'), token)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { message: 'Unauthorized' };
        return;
      }
      try {
        const text = await metricsText();
        ctx.type = registry.contentType;
        ctx.body = text;
      } catch {
        // Under WEB_CONCURRENCY: a worker that did not answer the primary in time (one starting or ending).
        ctx.status = 503;
        ctx.body = { message: 'Metrics unavailable: try again in a moment' };
      }
    });
  }
  return router.routes() as Koa.Middleware;
}

async function databaseAnswers(query: () => PromiseLike<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
    return await Promise.race([Promise.resolve(query()).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The header's token against the setting, in constant time (both hashed first, so their lengths say nothing). */
function bearerMatches(header: string, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
