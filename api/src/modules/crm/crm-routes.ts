// GET /api/admin/crm/status and the "Retry sync" actions on leads and sample requests (admin only).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { parseId } from '../../http/validate';
import { crmStatus, retryLeadSync, retrySampleRequestSync } from './crm-admin-service';

export function crmRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/crm/status', admin, async (ctx) => {
    ctx.body = await crmStatus(deps);
  });

  router.post('/api/admin/leads/:id/retry-sync', admin, async (ctx) => {
    ctx.body = await retryLeadSync(deps, parseId(ctx.params.id));
  });

  router.post('/api/admin/print-samples/:id/retry-sync', admin, async (ctx) => {
    ctx.body = await retrySampleRequestSync(deps, parseId(ctx.params.id));
  });

  return router;
}
