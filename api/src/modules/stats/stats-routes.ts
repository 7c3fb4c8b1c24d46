// STUB: filled in by the stats work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function statsRoutes(_deps: AppDeps) {
  return new Router();
}
