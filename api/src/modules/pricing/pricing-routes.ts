// GET /api/pricing/products (public); /api/admin/pricing/* (admin): products, visibility, audit log.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { parseId, parseWith } from '../../http/validate';
import { productInputSchema, visibilityInputSchema, type CurrentUser } from '../../contract';
import { createProduct, getAllProducts, getAudit, getVisibleProducts, setProductVisibility, updateProduct } from './pricing-service';

/** requireUser has put the signed-in user here before any admin handler runs. */
const actorOf = (ctx: Context) => ctx.state.user as CurrentUser;

export function pricingRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/pricing/products', async (ctx) => {
    ctx.body = await getVisibleProducts(deps);
    // Staff changes must show at once, yet the browser and the service worker may keep a copy to revalidate.
    ctx.set('Cache-Control', 'no-cache');
  });

  router.get('/api/admin/pricing/products', admin, async (ctx) => {
    ctx.body = await getAllProducts(deps);
  });

  router.post('/api/admin/pricing/products', admin, async (ctx) => {
    const data = parseWith(productInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createProduct(deps, actorOf(ctx), data);
  });

  router.put('/api/admin/pricing/products/:id', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const data = parseWith(productInputSchema, ctx.request.body);
    ctx.body = await updateProduct(deps, actorOf(ctx), id, data);
  });

  router.put('/api/admin/pricing/products/:id/visibility', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const { isVisible } = parseWith(visibilityInputSchema, ctx.request.body);
    ctx.body = await setProductVisibility(deps, actorOf(ctx), id, isVisible);
  });

  router.get('/api/admin/pricing/audit', admin, async (ctx) => {
    ctx.body = await getAudit(deps);
  });

  return router;
}
