// POST /api/leads (public, idempotent, spam-guarded); GET /api/admin/leads, /api/admin/leads/:id and /api/admin/leads.csv, and POST
// /api/admin/leads/:id/release for suspected spam (admin).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { publicPostRateLimit } from '../../http/rate-limit';
import { requireUser } from '../auth';
import { parseWith } from '../../http/validate';
import { FORM_PAGE_FIELD, LEAD_SOURCE_LABEL, leadInputSchema, leadListQuerySchema, sourceLabelForPath } from '../../contract';
import { formFields, formPost, plainPath, type FormPostSpec } from '../../http/form-post';
import { parseId } from '../../http/validate';
import { sendPage } from '../../http/paging';
import { sendCsvDownload } from '../../http/csv-download';
import { idempotencyKeyOf, sendOutcome } from '../../pipeline/idempotency-http';
import { allLeads, leadById, listLeadPage, releaseQuarantinedLead, submitLead } from './leads-service';
import { leadsCsvStream } from './leads-csv';

/**
 * The lead form posted without script: a refusal is answered on the page it was sent from when that page shows
 * the form (the landing page, the 404 page), else on the landing page's; the source comes from that page too.
 */
const LEAD_FORM_POST: FormPostSpec = {
  form: 'lead',
  action: '/api/leads',
  page: '/',
  postedFrom: (posted) => plainPath(posted[FORM_PAGE_FIELD]),
  thankYou: '/thank-you',
  toBody: (posted) => {
    const { fields, page } = formFields(posted);
    return { ...fields, leadSource: LEAD_SOURCE_LABEL, source: sourceLabelForPath(page) };
  },
};

export function leadsRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.post('/api/leads', formPost(deps, LEAD_FORM_POST), publicPostRateLimit(deps), async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const input = parseWith(leadInputSchema, ctx.request.body);
    sendOutcome(ctx, await submitLead(deps, input, key));
  });

  router.get('/api/admin/leads', admin, async (ctx) => {
    const query = parseWith(leadListQuerySchema, ctx.query);
    const leads = await listLeadPage(deps, query);
    sendPage(ctx, '/api/admin/leads', query, leads);
  });

  router.get('/api/admin/leads/:id', admin, async (ctx) => {
    ctx.body = await leadById(deps, parseId(ctx.params.id));
  });

  // "Not spam": out of quarantine, into the counts and the CRM.
  router.post('/api/admin/leads/:id/release', admin, async (ctx) => {
    ctx.body = await releaseQuarantinedLead(deps, parseId(ctx.params.id));
  });

  router.get('/api/admin/leads.csv', admin, async (ctx) => {
    const { limit: _limit, before: _before, ...filters } = parseWith(leadListQuerySchema, ctx.query);
    sendCsvDownload(ctx, { what: 'leads', now: deps.clock() }, leadsCsvStream(allLeads(deps, filters)));
  });

  return router;
}
