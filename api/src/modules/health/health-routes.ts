import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function healthRoutes({ db }: AppDeps, router = new Router()) {
  router.get('/api/health', async (ctx) => {
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { message: 'Database unavailable' };
    }
  });
  return router;
}
