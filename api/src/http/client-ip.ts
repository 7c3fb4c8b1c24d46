// The client's address as the throttles key it. With TRUST_PROXY it comes from X-Forwarded-For, which is
// free text: it is cut to what an IPv6 address can be, so a forged header can neither overflow a column
// (a 500) nor make keys without end.
import type { Context } from 'koa';

const MAX_LENGTH = 45;

export function clientIp(ctx: Context): string {
  return (ctx.ip || 'unknown').trim().slice(0, MAX_LENGTH);
}
