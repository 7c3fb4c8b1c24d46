// POST /api/leads (public, idempotent, spam-guarded); GET /api/admin/leads and /api/admin/leads.csv (admin).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { publicPostRateLimit } from '../../http/rate-limit';
import { requireUser } from '../auth/require-user';
import { parseWith } from '../../http/validate';
import { leadInputSchema, leadListQuerySchema, type LeadListQuery } from '../../contract';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/idempotency-http';
import { allLeads, listLeadPage, submitLead } from './leads-service';
import { csvFileName, leadsCsvStream } from './leads-csv';

export function leadsRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.post('/api/leads', publicPostRateLimit(deps), async (ctx) => {
    const key = idempotencyKeyOf(ctx);
    const input = parseWith(leadInputSchema, ctx.request.body);
    sendOutcome(ctx, await submitLead(deps, input, key));
  });

  router.get('/api/admin/leads', admin, async (ctx) => {
    const query = parseWith(leadListQuerySchema, ctx.query);
    const leads = await listLeadPage(deps, query);
    const last = leads[leads.length - 1];
    // A full page may have more behind it; a short page is the end, so it carries no link.
    if (last && leads.length === query.limit) {
      ctx.set('Link', `<${nextPageUrl(query, last.id)}>; rel="next"`);
    }
    ctx.body = leads;
  });

  router.get('/api/admin/leads.csv', admin, async (ctx) => {
    const { limit: _limit, before: _before, ...filters } = parseWith(leadListQuerySchema, ctx.query);
    ctx.set('Content-Disposition', `attachment; filename="${csvFileName(deps.clock())}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = leadsCsvStream(allLeads(deps, filters));
  });

  return router;
}

function nextPageUrl({ limit, before: _before, ...filters }: LeadListQuery, before: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  // Every filter (q, status, event, rating, followUp, interest) carries over to the next page.
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  params.set('before', String(before));
  return `/api/admin/leads?${params.toString()}`;
}
