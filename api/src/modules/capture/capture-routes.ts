// POST /api/capture/leads (staff: admin or rep, idempotent): a lead captured at an event.
// GET /api/admin/events (admin): the events leads were captured at, for the dashboard's event filter.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth';
import { parseWith } from '../../http/validate';
import { captureInputSchema, type CurrentUser } from '../../contract';
import { idempotencyKeyOf, sendOutcome } from '../../pipeline/idempotency-http';
import { captureLead, listCaptureEvents } from './capture-service';

export function captureRoutes(deps: AppDeps, router = new Router()) {

  router.post('/api/capture/leads', requireUser(deps, ['admin', 'rep']), async (ctx) => {
    // Required here, unlike the public forms: every capture comes from a phone's outbox that may replay it,
    // and a merge replayed without a key would append the same notes twice.
    const key = idempotencyKeyOf(ctx);
    if (key === undefined) {
      throw new AppError('validation', 'Idempotency-Key header is required', { errors: { 'Idempotency-Key': 'Required' } });
    }
    const input = parseWith(captureInputSchema, ctx.request.body);
    sendOutcome(ctx, await captureLead(deps, ctx.state.user as CurrentUser, input, key));
  });

  router.get('/api/admin/events', requireUser(deps), async (ctx) => {
    ctx.body = await listCaptureEvents(deps);
  });

  return router;
}
