// createApp builds the whole product's Koa app from its dependencies and never listens: server.ts does,
// and the tests call it directly on an ephemeral port with a real database.
import Koa from 'koa';
import compose from 'koa-compose';
import Router from '@koa/router';
import type { AppDeps } from './deps';
import { CookieKeys } from './http/cookie-keys';
import { accessLog } from './http/access-log';
import { logResponseErrors } from './http/client-gone';
import { errorMiddleware } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { readInlineScriptHashes } from './http/inline-scripts';
import { compression } from './http/compression';
import { originCheck } from './http/origin-check';
import { jsonBody } from './http/json-body';
import { formPostRefusals } from './http/form-refusal';
import { takesRawBody } from './http/raw-body';
import { sessionMiddleware, authRoutes } from './modules/auth';
import { staticFiles } from './http/static-files';
import { healthRoutes, opsRoutes } from './modules/health';
import { leadsRoutes } from './modules/leads';
import { leadWorkRoutes } from './modules/lead-work';
import { statsRoutes } from './modules/stats';
import { samplesRoutes } from './modules/samples';
import { templatesRoutes } from './modules/templates';
import { pricingRoutes } from './modules/pricing';
import { crmQueueBacklog, crmRoutes } from './modules/crm';
import { captureRoutes } from './modules/capture';
import { capturePhotosRoutes } from './modules/capture-photos';
import { eventsRoutes } from './modules/events';
import { teamRoutes, staffAuditRoutes } from './modules/team';
import { privacyRoutes } from './modules/privacy';
import { liveHubOf, liveRoutes } from './modules/live';
import { notificationsRoutes, startPushDelivery } from './modules/notifications';
import { mailQueueBacklog, mailRoutes } from './modules/mail';
import { requestMetrics } from './http/request-metrics';
import { Lifecycle } from './lib/lifecycle';
import { registry, setScrapeSources } from './lib/metrics';

export interface AppOptions {
  /** Where the process stands (starting, serving, draining) for /readyz; tests' apps are serving from the start. */
  lifecycle?: Lifecycle;
  /** The text GET /metrics answers: this process's registry, or every worker's added up by the primary. */
  metricsText?: () => Promise<string>;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  // Behind a proxy, only the address the proxy itself appended is trusted: anything to its left in
  // X-Forwarded-For is whatever the client wrote, and would let it dodge per-IP limits.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  // Signed as Keygrip signs (its cookies stay valid), checked with one HMAC per key (http/cookie-keys.ts).
  app.keys = new CookieKeys(deps.sessionKeys);
  logResponseErrors(app, deps.logger);
  // Every module adds its routes to one router, in this order (the order decides which of two matching routes
  // wins). One router is one routes() and one allowedMethods() for each request to walk, where a router per
  // module made 22; the 405 answers and their Allow header come out the same (the union of the path's routes).
  const router = new Router();
  for (const addRoutes of [
    healthRoutes,
    authRoutes,
    leadsRoutes,
    leadWorkRoutes,
    statsRoutes,
    samplesRoutes,
    templatesRoutes,
    pricingRoutes,
    crmRoutes,
    captureRoutes,
    capturePhotosRoutes,
    eventsRoutes,
    teamRoutes,
    staffAuditRoutes,
    privacyRoutes,
    liveRoutes,
    notificationsRoutes,
    mailRoutes,
  ]) {
    addRoutes(deps, router);
  }
  // Web Push for each live event, to the staff who asked for it (docs/admin.md, "Notifications").
  startPushDelivery(deps);
  const session = sessionMiddleware(deps, app);
  const api = compose<Koa.ParameterizedContext>([
    originCheck,
    // A browser's form post refused before it is read (too large, unreadable encoding) is answered with a page.
    formPostRefusals(deps),
    // Card photo uploads are raw images, read by their route with its own cap; every other body is JSON.
    (ctx, next) => (takesRawBody(ctx.path) ? next() : jsonBody(ctx, next)),
    (ctx, next) => (needsNoSession(ctx.path) ? next() : session(ctx, next)),
    router.routes() as Koa.Middleware,
    router.allowedMethods() as Koa.Middleware,
  ]);

  // What /metrics shows at scrape time; the counters move where things happen.
  setScrapeSources({
    liveStreams: () => liveHubOf(deps).streamCount,
    queues: async () => {
      const now = deps.clock();
      const [crm, mail] = await Promise.all([crmQueueBacklog(deps.db, now), mailQueueBacklog(deps.db, now)]);
      return [{ queue: 'crm', ...crm }, { queue: 'mail', ...mail }];
    },
  });
  // Counting every request costs a little on each: only when something will read the counts.
  if (deps.config.metrics.token || deps.config.metrics.port) app.use(requestMetrics());
  app.use(opsRoutes(deps, { lifecycle: options.lifecycle ?? new Lifecycle('serving'), metricsText: options.metricsText ?? (() => registry.metrics()) }));
  app.use(accessLog(deps.logger));
  app.use(errorMiddleware(deps.logger));
  app.use(securityHeaders(readInlineScriptHashes(deps.config.webDistDir)));
  app.use(compression());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.set('Cache-Control', 'no-store');
      await api(ctx, next);
      return;
    }
    await next();
  });
  app.use(staticFiles(deps.config.webDistDir));
  return app;
}

/**
 * The public routes, answered to anyone and never reading or starting a session: a visitor's submission
 * need not cost a session look-up (one database read when a signed-in staff member fills in the public
 * form) nor koa-session's cookie and hash work. Matched as the router matches (any case, optional trailing
 * slash); a path that does not match simply gets the session as before.
 */
const SESSIONLESS_API_PATHS = new Set(['/api/leads', '/api/print-samples', '/api/pricing/products', '/api/health', '/api/mail/unsubscribe']);

function needsNoSession(path: string): boolean {
  const normalised = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return SESSIONLESS_API_PATHS.has(normalised.toLowerCase());
}
