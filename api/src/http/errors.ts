// Domain errors carry a code; one table maps codes to HTTP statuses. Callers branch on codes, never on text.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { ErrorBody } from '../contract';

export const ERROR_STATUS = {
  validation: 400,
  bad_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_site: 403,
  not_found: 404,
  conflict: 409,
  idempotency_in_progress: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

/** First in the chain: every failure leaves as `{message, errors?}`; anything unknown is logged and is a 500. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = errorBody('Not found');
      }
    } catch (err) {
      if (err instanceof AppError) {
        ctx.status = err.status;
        ctx.body = errorBody(err.message, err.details.errors);
        if (err.details.retryAfterSeconds != null) ctx.set('Retry-After', String(err.details.retryAfterSeconds));
        return;
      }
      // Errors thrown by Koa and its body parser carry an exposed 4xx status (bad JSON, too large...).
      const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
      const status = e.status ?? e.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = errorBody(clientMessage(status, e));
        return;
      }
      logger.error({ err, requestId: ctx.state.requestId }, 'unhandled error');
      ctx.status = 500;
      ctx.body = errorBody('Internal server error');
    }
  };
}

/** Every error answer has the contract's one shape. */
function errorBody(message: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { message, errors } : { message };
}

function clientMessage(status: number, e: { expose?: boolean; message?: string; type?: string }): string {
  if (status === 413) return 'Request body is too large (32 KB at most)';
  if (status === 415) return 'Request body must be JSON';
  if (status === 400 && e.type === 'entity.parse.failed') return 'Request body is not valid JSON';
  return e.expose && e.message ? e.message : 'Bad request';
}
