// Public POSTs (contract §5): at most `rateLimitPerMinute` per client address per fixed one-minute window,
// counted in the database so several processes share one limit. `RATE_LIMIT=off` (null) turns it off.
// The default is generous (120) because conference Wi-Fi puts many visitors behind one address.
import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps';
import { clientIp } from './client-ip';
import { AppError } from './errors';
import { deleteWindowsBefore, hitWindow } from './rate-limit-queries';

/** Every public, unauthenticated POST that stores something. Sign-in has its own, stricter throttle. */
export const RATE_LIMITED_POSTS: readonly string[] = ['/api/leads', '/api/print-samples'];

const WINDOW_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again in a minute.';

export function publicPostRateLimit({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const limit = config.rateLimitPerMinute;
  let lastSweep = 0;
  return async (ctx: Context, next: Next) => {
    if (limit == null || ctx.method !== 'POST' || !RATE_LIMITED_POSTS.includes(ctx.path.replace(/\/+$/, ''))) {
      return next();
    }
    const now = clock().getTime();
    const windowStart = now - (now % WINDOW_MS);
    const count = await hitWindow(db, `public-post:${clientIp(ctx)}`, windowStart);
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await deleteWindowsBefore(db, windowStart);
    }
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE, { retryAfterSeconds });
    }
    return next();
  };
}
