// Counts every answer and its latency for /metrics by the route pattern the router matched (`/api/admin/leads/:id`),
// never the path itself: a path carries ids and a query may carry an e-mail address, and every distinct path would
// be a series of its own. What no API route matched (pages, files, unknown paths) is `unmatched`.
import type { Context, Next } from 'koa';
import { httpDuration, httpRequests, methodLabel } from '../lib/metrics';

export function requestMetrics() {
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // Counted when the answer has left (a streamed body, a CSV export) or the client went away.
      ctx.res.once('close', () => {
        const route = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
        const labels = { route: typeof route === 'string' ? route : 'unmatched', method: methodLabel(ctx.method), status: String(ctx.status) };
        httpRequests.inc(labels);
        httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
    }
  };
}
