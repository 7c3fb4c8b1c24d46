// STUB (replaced by the auth work): database-backed koa-session.
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps';

export function sessionMiddleware(_deps: AppDeps, _app: Koa) {
  return async (_ctx: Context, next: Next) => next();
}
