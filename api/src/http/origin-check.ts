// A state-changing call whose Origin or Sec-Fetch-Site shows another site is refused with 403:
// with SameSite=Lax cookies this closes the cross-site request forgery that remains.
import type { Context, Next } from 'koa';
import { AppError } from './errors';
import { siteOrigin } from './site-origin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function originCheck(ctx: Context, next: Next) {
  if (STATE_CHANGING.has(ctx.method)) {
    const site = ctx.get('Sec-Fetch-Site');
    if (site === 'cross-site') throw new AppError('cross_site', 'Cross-site request refused');
    const origin = ctx.get('Origin');
    if (origin && origin !== siteOrigin(ctx)) {
      throw new AppError('cross_site', 'Cross-site request refused');
    }
  }
  await next();
}
