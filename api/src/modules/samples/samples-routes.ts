// POST /api/print-samples (public, idempotent, spam-guarded); GET and PUT /api/admin/print-samples (admin).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { publicPostRateLimit } from '../../http/rate-limit';
import { requireUser } from '../auth/require-user';
import { parseId, parseWith } from '../../http/validate';
import { processedInputSchema, sampleRequestInputSchema } from '../../contract';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/idempotency-http';
import { listSamples, markProcessed, submitSampleRequest } from './samples-service';

export function samplesRoutes(deps: AppDeps) {
  const router = new Router();
  const admin = requireUser(deps);

  router.post('/api/print-samples', publicPostRateLimit(deps), async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const input = parseWith(sampleRequestInputSchema, ctx.request.body);
    sendOutcome(ctx, await submitSampleRequest(deps, input, key));
  });

  router.get('/api/admin/print-samples', admin, async (ctx) => {
    ctx.body = await listSamples(deps);
  });

  router.put('/api/admin/print-samples/:id', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const { processed } = parseWith(processedInputSchema, ctx.request.body);
    ctx.body = await markProcessed(deps, id, processed);
  });

  return router;
}
