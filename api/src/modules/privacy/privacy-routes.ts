// /api/admin/people (find, export, erase a person by e-mail) and /api/admin/retention (the retention rule):
// admin only. The address travels in a POST body, never in a URL: URLs end up in logs, in the browser's
// history, and (GET /api/admin/*) in the service worker's offline copy of the admin's reads.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { parseWith } from '../../http/validate';
import { exportFileName, personLookupSchema, retentionInputSchema, retentionPreviewQuerySchema, type CurrentUser } from '../../contract';
import { erasePerson, exportPerson, findPerson, pipedriveErasureStatus } from './privacy-service';
import { previewRetention, retentionStatus, setRetention } from './retention-service';

const actorOf = (ctx: Context) => ctx.state.user as CurrentUser;

export function privacyRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.post('/api/admin/people/find', admin, async (ctx) => {
    const { email } = parseWith(personLookupSchema, ctx.request.body);
    ctx.body = await findPerson(deps, email);
  });

  router.post('/api/admin/people/export', admin, async (ctx) => {
    const { email } = parseWith(personLookupSchema, ctx.request.body);
    const body = await exportPerson(deps, actorOf(ctx), email);
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName('person-export', deps.clock(), 'json')}"`);
    ctx.body = body;
  });

  router.post('/api/admin/people/erase', admin, async (ctx) => {
    const { email } = parseWith(personLookupSchema, ctx.request.body);
    ctx.body = await erasePerson(deps, actorOf(ctx), email);
  });

  router.get('/api/admin/people/pipedrive-erasures', admin, async (ctx) => {
    ctx.body = await pipedriveErasureStatus(deps);
  });

  router.get('/api/admin/retention', admin, async (ctx) => {
    ctx.body = await retentionStatus(deps);
  });

  router.get('/api/admin/retention/preview', admin, async (ctx) => {
    const { months } = parseWith(retentionPreviewQuerySchema, ctx.query);
    ctx.body = await previewRetention(deps, months);
  });

  router.put('/api/admin/retention', admin, async (ctx) => {
    ctx.body = await setRetention(deps, actorOf(ctx), parseWith(retentionInputSchema, ctx.request.body));
  });

  return router;
}
