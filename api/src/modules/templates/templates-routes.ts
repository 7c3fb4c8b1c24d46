// /api/admin/sample-templates (admin): list, create, replace, delete.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { parseId, parseWith } from '../../http/validate';
import { templateInputSchema } from '../../contract';
import { createTemplate, getTemplates, removeTemplate, updateTemplate } from './templates-service';

export function templatesRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/sample-templates', admin, async (ctx) => {
    ctx.body = await getTemplates(deps);
  });

  router.post('/api/admin/sample-templates', admin, async (ctx) => {
    const data = parseWith(templateInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createTemplate(deps, data);
  });

  router.put('/api/admin/sample-templates/:id', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const data = parseWith(templateInputSchema, ctx.request.body);
    ctx.body = await updateTemplate(deps, id, data);
  });

  router.delete('/api/admin/sample-templates/:id', admin, async (ctx) => {
    await removeTemplate(deps, parseId(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
