// STUB: filled in by the auth work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function authRoutes(_deps: AppDeps) {
  return new Router();
}
