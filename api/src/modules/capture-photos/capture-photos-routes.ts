// PUT /api/capture/photos/:captureKey (rep or admin): a card photo for a capture, the image itself as the body.
// GET /api/capture/photos/:captureKey (rep or admin): the photo, for staff only, never cached by shared caches.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AppDeps } from '../../deps';
import { requireUser } from '../auth';
import { discardRest, readRawBody, tooLarge } from '../../http/raw-body';
import { CAPTURE_PHOTO_MAX_BYTES, type CurrentUser } from '../../contract';
import { parseIdempotencyKey } from '../../pipeline/idempotency';
import { sendOutcome } from '../../pipeline/idempotency-http';
import { captureForUpload, isPhotoType, readPhoto, storePhoto, unsupportedType } from './capture-photos-service';

export function capturePhotosRoutes(deps: AppDeps, router = new Router()) {
  const staff = requireUser(deps, ['admin', 'rep']);

  // Everything that can be refused is refused before the body is read: who, which capture, what type, how big.
  router.put('/api/capture/photos/:captureKey', drainUnreadBody, staff, async (ctx) => {
    const user = ctx.state.user as CurrentUser;
    const captureKey = keyOf(ctx.params.captureKey);
    const type = ctx.request.type;
    if (!isPhotoType(type)) throw unsupportedType();
    if ((ctx.request.length ?? 0) > CAPTURE_PHOTO_MAX_BYTES) throw tooLarge(CAPTURE_PHOTO_MAX_BYTES);
    const capture = await captureForUpload(deps, user, captureKey);
    const bytes = await readRawBody(ctx, CAPTURE_PHOTO_MAX_BYTES);
    sendOutcome(ctx, await storePhoto(deps, user, capture, type, bytes));
  });

  router.get('/api/capture/photos/:captureKey', staff, async (ctx) => {
    const photo = await readPhoto(deps, ctx.state.user as CurrentUser, keyOf(ctx.params.captureKey));
    // Personal data: kept by the browser only (private) and checked with us on every use (no-cache), so a
    // session that ends stops the photo from showing; the ETag saves resending the bytes.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Content-Disposition', 'inline');
    ctx.etag = photo.sha256;
    ctx.type = photo.contentType;
    // Koa compares validators only on a 2xx, and the status is still the default 404 here.
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = photo.data;
  });

  return router;
}

/** A key is whatever the capture's Idempotency-Key was: the same rule. */
function keyOf(raw: string | undefined): string {
  return parseIdempotencyKey(raw ?? '')!;
}

/** A refusal before the body was read still drains it, so the client hears the answer instead of a reset. */
async function drainUnreadBody(ctx: Context, next: Next) {
  try {
    await next();
  } finally {
    if (!ctx.req.readableEnded && !ctx.req.destroyed) discardRest(ctx);
  }
}
