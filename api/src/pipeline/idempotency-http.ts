// The HTTP side of idempotency, shared by the public POST routes: read the header, send an outcome.
import type { Context } from 'koa';
import { formPostKey } from '../http/form-post';
import { parseIdempotencyKey, type Outcome } from './idempotency';

/** The request's Idempotency-Key header, or for a form the browser posted itself, the key made from its content. */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  return parseIdempotencyKey(ctx.headers['idempotency-key']) ?? formPostKey(ctx);
}

export function sendOutcome(ctx: Context, outcome: Outcome): void {
  ctx.status = outcome.status;
  ctx.body = outcome.body;
  if (outcome.replayed) ctx.set('Idempotent-Replayed', 'true');
}
