// One structured line per request. Paths only: query strings and bodies may hold e-mail addresses and are never logged.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

export function accessLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    ctx.state.requestId = crypto.randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
