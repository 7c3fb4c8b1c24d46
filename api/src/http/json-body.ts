// Request bodies on /api are JSON of at most 32 KB: 415 for anything else, 413 past the limit. The public
// forms' routes also take the form encoding a browser posts without script (http/form-post.ts turns it
// into the same JSON body their schema checks).
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors';

export const BODY_LIMIT_BYTES = 32 * 1024;
const FORM_ENCODING = 'application/x-www-form-urlencoded';

/** Where a browser may post a form itself: the public forms' routes (matched as the router matches them). */
const FORM_POST_PATHS = new Set(['/api/leads', '/api/print-samples']);

function onError(err: unknown): never {
  const status = (err as { status?: number }).status;
  if (status === 413) throw new AppError('payload_too_large', 'Request body is too large (32 KB at most)');
  throw new AppError('bad_json', 'Request body is not valid JSON');
}
const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT_BYTES, encoding: 'utf-8', onError });
const parseForm = bodyParser({ enableTypes: ['form'], formLimit: BODY_LIMIT_BYTES, encoding: 'utf-8', onError });

export function takesFormPosts(path: string): boolean {
  const normalised = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return FORM_POST_PATHS.has(normalised.toLowerCase());
}

/**
 * Where the body is never read: an e-mail's one-click unsubscribe (RFC 8058), which a mail client posts as a form
 * (`List-Unsubscribe=One-Click`) and whose signed link alone says what to do.
 */
const BODY_IGNORED_PATHS = new Set(['/api/mail/unsubscribe']);

export async function jsonBody(ctx: Context, next: Next) {
  const path = ctx.path.length > 1 && ctx.path.endsWith('/') ? ctx.path.slice(0, -1) : ctx.path;
  if (BODY_IGNORED_PATHS.has(path.toLowerCase())) return next();
  const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) {
    const form = ctx.method === 'POST' && takesFormPosts(ctx.path) && Boolean(ctx.is(FORM_ENCODING));
    if (!form && !ctx.is('application/json', '+json')) throw new AppError('unsupported_media_type', 'Request body must be JSON');
    if (ctx.request.length > BODY_LIMIT_BYTES) throw new AppError('payload_too_large', 'Request body is too large (32 KB at most)');
    if (form) return parseForm(ctx, next);
  }
  return parseJson(ctx, next);
}
