// GET /api/admin/stats (admin): the dashboard's stat cards and chart.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { getStats } from './stats-service';

export function statsRoutes(deps: AppDeps, router = new Router()) {
  router.get('/api/admin/stats', requireUser(deps), async (ctx) => {
    ctx.body = await getStats(deps);
  });
  return router;
}
