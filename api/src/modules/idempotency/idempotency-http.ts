// The HTTP side of idempotency, shared by the public POST routes: read the header, send an outcome.
import type { Context } from 'koa';
import { parseIdempotencyKey, type Outcome } from './idempotency-service';

export function idempotencyKeyOf(ctx: Context): string | undefined {
  return parseIdempotencyKey(ctx.headers['idempotency-key']);
}

export function sendOutcome(ctx: Context, outcome: Outcome): void {
  ctx.status = outcome.status;
  ctx.body = outcome.body;
  if (outcome.replayed) ctx.set('Idempotent-Replayed', 'true');
}
