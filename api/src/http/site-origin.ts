import type { Context } from 'koa';

/**
 * This site's own origin as the request reached it: protocol and Host (behind a trusted proxy, the forwarded
 * ones). Koa 3's ctx.origin is not this: it echoes the request's Origin header.
 */
export function siteOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}
