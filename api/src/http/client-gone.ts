// A client that goes away before its answer is complete (a closed tab, a HEAD request answered from a stream, an
// uptime checker hanging up after the headers) is normal traffic, not a fault of the server: such errors are
// worth a debug line at most. Anything else that breaks a response after it began is logged as an error, once,
// through the app's logger (Koa's own fallback prints a bare stack to stderr).
import type Koa from 'koa';
import type { Logger } from 'pino';

const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

export function isClientGone(err: unknown): boolean {
  return CLIENT_GONE_CODES.has((err as { code?: string } | undefined)?.code ?? '');
}

/** Routes Koa's late response errors to the logger: debug for a client gone, error for the rest. */
export function logResponseErrors(app: Koa, logger: Logger): void {
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const request = { requestId: ctx?.state.requestId, method: ctx?.method, path: ctx?.path };
    if (isClientGone(err)) logger.debug({ ...request, code: (err as { code: string }).code }, 'client went away before the answer was complete');
    else logger.error({ ...request, err }, 'response failed');
  });
}
