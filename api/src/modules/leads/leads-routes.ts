// POST /api/leads (public, idempotent, spam-guarded); GET /api/admin/leads, /api/admin/leads/:id and /api/admin/leads.csv, and POST
// /api/admin/leads/:id/release for suspected spam (admin). A rep may read the list and a lead too, but only the
// leads they own (issue #31): the list is narrowed to them whatever they ask, another lead is 403.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps';
import { publicPostRateLimit } from '../../http/rate-limit';
import { requireUser } from '../auth';
import { parseWith } from '../../http/validate';
import { FORM_PAGE_FIELD, LEAD_SOURCE_LABEL, leadInputSchema, leadListQuerySchema, sourceLabelForPath, type CurrentUser } from '../../contract';
import { AppError } from '../../http/errors';
import { formFields, formPost, plainPath, type FormPostSpec } from '../../http/form-post';
import { parseId } from '../../http/validate';
import { sendPage } from '../../http/paging';
import { sendCsvDownload } from '../../http/csv-download';
import { idempotencyKeyOf, sendOutcome } from '../../pipeline/idempotency-http';
import { allLeads, leadById, listLeadPage, releaseQuarantinedLead, submitLead, type LeadPage } from './leads-service';
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

/** The list's filters as the signed-in user may have them: `owner` read against them, a rep held to their own leads. */
function filtersFor(ctx: Context, query: ReturnType<typeof leadListQuerySchema.parse>): LeadPage {
  const user = ctx.state.user as CurrentUser;
  const { owner, ...rest } = query;
  if (user.role !== 'admin') return { ...rest, spam: '0', ownerId: user.id };
  const ownerId = owner === undefined ? undefined : owner === 'me' ? user.id : owner === 'none' ? null : Number(owner);
  return { ...rest, ownerId };
}

export function leadsRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);
  const staff = requireUser(deps, ['admin', 'rep']);

  router.post('/api/leads', formPost(deps, LEAD_FORM_POST), publicPostRateLimit(deps), async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const input = parseWith(leadInputSchema, ctx.request.body);
    sendOutcome(ctx, await submitLead(deps, input, key));
  });

  router.get('/api/admin/leads', staff, async (ctx) => {
    const query = parseWith(leadListQuerySchema, ctx.query);
    const leads = await listLeadPage(deps, filtersFor(ctx, query));
    sendPage(ctx, '/api/admin/leads', query, leads);
  });

  router.get('/api/admin/leads/:id', staff, async (ctx) => {
    const lead = await leadById(deps, parseId(ctx.params.id));
    const user = ctx.state.user as CurrentUser;
    if (user.role !== 'admin' && (lead.owner?.id !== user.id || lead.spamReason !== null)) throw new AppError('forbidden', 'You can only work leads you own.');
    ctx.body = lead;
  });

  // "Not spam": out of quarantine, into the counts and the CRM.
  router.post('/api/admin/leads/:id/release', admin, async (ctx) => {
    ctx.body = await releaseQuarantinedLead(deps, parseId(ctx.params.id));
  });

  router.get('/api/admin/leads.csv', admin, async (ctx) => {
    const { limit: _limit, before: _before, ...filters } = filtersFor(ctx, parseWith(leadListQuerySchema, ctx.query));
    sendCsvDownload(ctx, { what: 'leads', now: deps.clock() }, leadsCsvStream(allLeads(deps, filters)));
  });

  return router;
}
