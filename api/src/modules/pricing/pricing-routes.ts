// STUB: filled in by the pricing work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function pricingRoutes(_deps: AppDeps) {
  return new Router();
}
