// STUB: filled in by the templates work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function templatesRoutes(_deps: AppDeps) {
  return new Router();
}
