// STUB: filled in by the leads work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function leadsRoutes(_deps: AppDeps) {
  return new Router();
}
