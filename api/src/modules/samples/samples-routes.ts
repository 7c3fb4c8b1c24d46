// STUB: filled in by the samples work.
import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function samplesRoutes(_deps: AppDeps) {
  return new Router();
}
