// GET /api/admin/events/:name/summary and /api/admin/events/:name/leads.csv (admin): one event's figures and
// its leads as CSV, for the dashboard's event filter. The list of events is GET /api/admin/events (capture).
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { requireUser } from '../auth/require-user';
import { csvFileName, LIMITS } from '../../contract';
import { allLeads } from '../leads/leads-service';
import { leadsCsvStream } from '../leads/leads-csv';
import { eventDetail } from './events-queries';

export function eventsRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/events/:name/summary', admin, async (ctx) => {
    const detail = await eventDetail(deps.db, eventName(ctx.params.name));
    if (!detail) throw notFound('Event');
    ctx.body = detail;
  });

  router.get('/api/admin/events/:name/leads.csv', admin, async (ctx) => {
    const name = eventName(ctx.params.name);
    if (!(await eventDetail(deps.db, name))) throw notFound('Event');
    ctx.set('Content-Disposition', `attachment; filename="${csvFileName('leads', deps.clock(), name)}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = leadsCsvStream(allLeads(deps, { event: name }));
  });

  return router;
}

function eventName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (!name || name.length > LIMITS.eventName) {
    throw new AppError('validation', `Event name must be 1 to ${LIMITS.eventName} characters`, { errors: { name: 'Unknown event' } });
  }
  return name;
}
