// Public POSTs: at most `rateLimitPerMinute` per client address per fixed one-minute window,
// counted in the database so several processes share one limit. `RATE_LIMIT=off` (null) turns it off.
// The default is generous (120) because conference Wi-Fi puts many visitors behind one address.
//
// The limit is middleware on the route definitions themselves (router.post(path, limit, handler)), never a
// comparison with the request's path: the router matches paths case-insensitively and with or without a
// trailing slash, and a list of paths here would have to spell every one of those (`/api/LEADS`, `/api/leads/`).
import type { Context, Next } from 'koa';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { clientIp } from './client-ip';
import { AppError } from './errors';
import { atMostEvery } from '../lib/recurring';
import { deleteWindowsBefore, hitWindow } from './rate-limit-queries';

const WINDOW_MS = 60_000;
const sweepDue = atMostEvery(10 * 60 * 1000);
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again in a minute.';

/** True when the body carries the form's fill time, as the site's forms and their offline replays always do. */
function carriesFillTime(ctx: Context): boolean {
  const body = ctx.request.body as { elapsedMs?: unknown } | undefined;
  return !!body && typeof body === 'object' && typeof body.elapsedMs === 'number';
}

/**
 * For every public, unauthenticated POST that stores something; the counts live in the database under the
 * client's address, so leads and sample requests share them. Sign-in has its own, stricter throttle.
 *
 * A submission without `elapsedMs` cannot be judged "too fast" by the spam guard, so it also counts against
 * a second, smaller per-address budget (`untimedRateLimitPerMinute`): a script that leaves the field out gets
 * a handful of posts a minute, not the generous limit meant for people behind one conference Wi-Fi.
 */
export function publicPostRateLimit({ db, clock, config }: { db: Db; clock: () => Date; config: Config }) {
  const limit = config.rateLimitPerMinute;
  const untimedLimit = limit == null ? null : Math.min(limit, config.untimedRateLimitPerMinute);
  return async (ctx: Context, next: Next) => {
    if (limit == null || untimedLimit == null) return next();
    const now = clock().getTime();
    const windowStart = now - (now % WINDOW_MS);
    const ip = clientIp(ctx);
    const over = async (bucket: string, max: number) => (await hitWindow(db, bucket, windowStart)) > max;
    if (sweepDue.due(db, now)) await deleteWindowsBefore(db, windowStart);
    if ((await over(`public-post:${ip}`, limit)) || (!carriesFillTime(ctx) && (await over(`public-post-untimed:${ip}`, untimedLimit)))) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE, { retryAfterSeconds });
    }
    return next();
  };
}
