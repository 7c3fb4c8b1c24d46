// GET /api/admin/staff-audit (admins only): the staff audit log, newest first, filtered by action and by who
// acted. Read-only: no route adds, changes or deletes a line (changes write theirs in their own transaction).
import Router from '@koa/router';
import { staffAuditQuerySchema } from '../../contract';
import type { AppDeps } from '../../deps';
import { sendPage } from '../../http/paging';
import { parseWith } from '../../http/validate';
import { requireUser } from '../auth';
import { listStaffActions } from '../staff-audit';

export function staffAuditRoutes(deps: AppDeps, router = new Router()) {
  router.get('/api/admin/staff-audit', requireUser(deps), async (ctx) => {
    const query = parseWith(staffAuditQuerySchema, ctx.query);
    const page = await listStaffActions(deps.db, {
      limit: query.limit,
      before: query.before,
      actions: query.action ? [query.action] : undefined,
      actorUserId: query.actor,
    });
    sendPage(ctx, '/api/admin/staff-audit', query, page);
  });
  return router;
}
