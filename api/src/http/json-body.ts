// Request bodies on /api are JSON of at most 32 KB: 415 for anything else, 413 past the limit.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors';

export const BODY_LIMIT_BYTES = 32 * 1024;
const parseJson = bodyParser({
  enableTypes: ['json'],
  jsonLimit: BODY_LIMIT_BYTES,
  encoding: 'utf-8',
  onError(err) {
    const status = (err as { status?: number }).status;
    if (status === 413) throw new AppError('payload_too_large', 'Request body is too large (32 KB at most)');
    throw new AppError('bad_json', 'Request body is not valid JSON');
  },
});

export async function jsonBody(ctx: Context, next: Next) {
  const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) {
    if (!ctx.is('application/json', '+json')) throw new AppError('unsupported_media_type', 'Request body must be JSON');
    if (ctx.request.length > BODY_LIMIT_BYTES) throw new AppError('payload_too_large', 'Request body is too large (32 KB at most)');
  }
  return parseJson(ctx, next);
}
