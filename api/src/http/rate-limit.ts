// STUB (replaced by the auth work): public POST rate limit shared through the database.
import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps';

export function publicPostRateLimit(_deps: AppDeps) {
  return async (_ctx: Context, next: Next) => next();
}
