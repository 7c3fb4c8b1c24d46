// Working a lead (issue #31), for signed-in staff: POST /api/admin/leads/:id/take, PUT .../owner (admins),
// PUT .../stage, POST .../notes (Idempotency-Key), GET .../timeline; and the overdue setting (admins):
// GET/PUT /api/admin/settings/lead-response. Who may work which lead is the service's rule.
import Router from '@koa/router';
import type { Context } from 'koa';
import { leadNoteInputSchema, leadOwnerInputSchema, leadResponseSettingsSchema, leadStageInputSchema, type CurrentUser } from '../../contract';
import type { AppDeps } from '../../deps';
import { parseId, parseWith } from '../../http/validate';
import { idempotencyKeyOf, sendOutcome } from '../../pipeline/idempotency-http';
import { requireUser } from '../auth';
import { addNote, assignLead, changeStage, leadTimeline, takeLead } from './lead-work-service';
import { readLeadResponseSettings, writeLeadResponseSettings } from './lead-response';

const me = (ctx: Context) => ctx.state.user as CurrentUser;

export function leadWorkRoutes(deps: AppDeps, router = new Router()) {
  const staff = requireUser(deps, ['admin', 'rep']);
  const admin = requireUser(deps);

  router.post('/api/admin/leads/:id/take', staff, async (ctx) => {
    const result = await takeLead(deps, me(ctx), parseId(ctx.params.id));
    if (result.taken) ctx.body = result.lead;
    else {
      ctx.status = 409;
      ctx.body = result.body;
    }
  });

  router.put('/api/admin/leads/:id/owner', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const { userId } = parseWith(leadOwnerInputSchema, ctx.request.body);
    ctx.body = await assignLead(deps, me(ctx), id, userId);
  });

  router.put('/api/admin/leads/:id/stage', staff, async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = await changeStage(deps, me(ctx), id, parseWith(leadStageInputSchema, ctx.request.body));
  });

  router.post('/api/admin/leads/:id/notes', staff, async (ctx) => {
    const id = parseId(ctx.params.id);
    const key = idempotencyKeyOf(ctx);
    sendOutcome(ctx, await addNote(deps, me(ctx), id, parseWith(leadNoteInputSchema, ctx.request.body), key));
  });

  router.get('/api/admin/leads/:id/timeline', staff, async (ctx) => {
    ctx.body = await leadTimeline(deps, me(ctx), parseId(ctx.params.id));
  });

  router.get('/api/admin/settings/lead-response', admin, async (ctx) => {
    ctx.body = await readLeadResponseSettings(deps.db);
  });

  router.put('/api/admin/settings/lead-response', admin, async (ctx) => {
    ctx.body = await writeLeadResponseSettings(deps, me(ctx), parseWith(leadResponseSettingsSchema, ctx.request.body));
  });

  return router;
}
