// GET /api/admin/events/:name/summary and /api/admin/events/:name/leads.csv (admin): one event's figures and
// its leads as CSV, for the dashboard's event filter. The list of events is GET /api/admin/events (capture).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { requireUser } from '../auth';
import { eventParamsSchema } from '../../contract';
import { sendCsvDownload } from '../../http/csv-download';
import { leadsCsvStream } from '../leads';
import { eventLeads, getEventDetail } from './events-service';

export function eventsRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/events/:name/summary', admin, async (ctx) => {
    const { name } = parseWith(eventParamsSchema, ctx.params);
    ctx.body = await getEventDetail(deps, name);
  });

  router.get('/api/admin/events/:name/leads.csv', admin, async (ctx) => {
    const { name } = parseWith(eventParamsSchema, ctx.params);
    const leads = await eventLeads(deps, name);
    sendCsvDownload(ctx, { what: 'leads', now: deps.clock(), label: name }, leadsCsvStream(leads));
  });

  return router;
}
