// POST /api/print-samples (public, idempotent, spam-guarded); GET (paged like the leads) and PUT
// /api/admin/print-samples, POST /api/admin/print-samples/:id/release for suspected spam (admin).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { publicPostRateLimit } from '../../http/rate-limit';
import { requireUser } from '../auth';
import { parseId, parseWith } from '../../http/validate';
import { processedInputSchema, sampleListQuerySchema, sampleRequestInputSchema } from '../../contract';
import { idempotencyKeyOf, sendOutcome } from '../../pipeline/idempotency-http';
import { listSamplePage, markProcessed, releaseQuarantinedSampleRequest, submitSampleRequest } from './samples-service';
import { sendPage } from '../../http/paging';
import { formFields, formPost, type FormPostSpec } from '../../http/form-post';

/** The free sample form posted without script. */
const SAMPLE_FORM_POST: FormPostSpec = {
  form: 'sample',
  action: '/api/print-samples',
  page: '/print/samples',
  thankYou: '/print/samples/thank-you',
  toBody: (posted) => formFields(posted).fields,
};

export function samplesRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.post('/api/print-samples', formPost(deps, SAMPLE_FORM_POST), publicPostRateLimit(deps), async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const input = parseWith(sampleRequestInputSchema, ctx.request.body);
    sendOutcome(ctx, await submitSampleRequest(deps, input, key));
  });

  router.get('/api/admin/print-samples', admin, async (ctx) => {
    const query = parseWith(sampleListQuerySchema, ctx.query);
    const { requests, total } = await listSamplePage(deps, query);
    sendPage(ctx, '/api/admin/print-samples', query, requests, total);
  });

  // "Not spam": out of quarantine and into the CRM.
  router.post('/api/admin/print-samples/:id/release', admin, async (ctx) => {
    ctx.body = await releaseQuarantinedSampleRequest(deps, parseId(ctx.params.id));
  });

  router.put('/api/admin/print-samples/:id', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const { processed } = parseWith(processedInputSchema, ctx.request.body);
    ctx.body = await markProcessed(deps, id, processed);
  });

  return router;
}
