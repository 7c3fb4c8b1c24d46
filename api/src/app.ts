// createApp builds the whole product's Koa app from its dependencies and never listens: server.ts does,
// and the tests call it directly on an ephemeral port with a real database.
import Koa from 'koa';
import compose from 'koa-compose';
import type Router from '@koa/router';
import type { AppDeps } from './deps';
import { accessLog } from './http/access-log';
import { errorMiddleware } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { readInlineScriptHashes } from './http/inline-scripts';
import { compression } from './http/compression';
import { originCheck } from './http/origin-check';
import { jsonBody } from './http/json-body';
import { takesRawBody } from './http/raw-body';
import { sessionMiddleware } from './modules/auth/session';
import { staticFiles } from './http/static-files';
import { healthRoutes } from './modules/health/health-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { leadsRoutes } from './modules/leads/leads-routes';
import { statsRoutes } from './modules/stats/stats-routes';
import { samplesRoutes } from './modules/samples/samples-routes';
import { templatesRoutes } from './modules/templates/templates-routes';
import { pricingRoutes } from './modules/pricing/pricing-routes';
import { crmRoutes } from './modules/crm/crm-routes';
import { captureRoutes } from './modules/capture/capture-routes';
import { capturePhotosRoutes } from './modules/capture-photos/capture-photos-routes';
import { eventsRoutes } from './modules/events/events-routes';

export function createApp(deps: AppDeps): Koa {
  // Behind a proxy, only the address the proxy itself appended is trusted: anything to its left in
  // X-Forwarded-For is whatever the client wrote, and would let it dodge per-IP limits.
  const app = new Koa({ proxy: deps.config.trustProxy, keys: deps.sessionKeys, maxIpsCount: 1 });
  const routers: Router[] = [
    healthRoutes(deps),
    authRoutes(deps),
    leadsRoutes(deps),
    statsRoutes(deps),
    samplesRoutes(deps),
    templatesRoutes(deps),
    pricingRoutes(deps),
    crmRoutes(deps),
    captureRoutes(deps),
    capturePhotosRoutes(deps),
    eventsRoutes(deps),
  ];
  const api = compose<Koa.ParameterizedContext>([
    originCheck,
    // Card photo uploads are raw images, read by their route with its own cap; every other body is JSON.
    (ctx, next) => (takesRawBody(ctx.path) ? next() : jsonBody(ctx, next)),
    sessionMiddleware(deps, app),
    ...routers.flatMap((r) => [r.routes(), r.allowedMethods()] as Koa.Middleware[]),
  ]);

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
