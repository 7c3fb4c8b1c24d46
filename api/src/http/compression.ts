// Compresses on the fly what the build could not compress ahead: JSON answers, the CSV export, pages, the
// service worker and manifests (hashed assets have precompressed copies: scripts/precompress.ts writes them,
// koa-send serves them, so an answer that already has a Content-Encoding passes through untouched).
// Brotli is preferred over gzip, at a quality fast enough to pay on every request; bodies under 1 KB are
// sent as they are, since compressing them saves less than it costs. Every answer says
// `Vary: Accept-Encoding`, so a shared cache never hands a Brotli body to a client that did not ask for one.
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import compose from 'koa-compose';
import compress from 'koa-compress';

// An event stream must reach the client event by event; a compressor would hold events back until its
// buffer fills.
const STREAMED_AS_EVENTS = /^text\/event-stream\b/i;

export function compression(): Middleware {
  const compressor = compress({
    threshold: 1024,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  });
  const exceptEventStreams: Middleware = async (ctx, next) => {
    await next();
    if (STREAMED_AS_EVENTS.test(ctx.type)) ctx.compress = false;
    serializeJsonOnce(ctx);
  };
  return compose([compressor, exceptEventStreams]);
}

/**
 * A JSON answer is turned into its text here, once. Left as an object, Koa stringifies it for the
 * compressor's size check (response.length) and again to send it: two JSON.stringify per answer on every
 * API request. As text it keeps its Content-Type (already JSON) and status, and gets its Content-Length.
 * Only plain objects and arrays: those are exactly what Koa would have stringified.
 */
function serializeJsonOnce(ctx: Context): void {
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object') return;
  const proto = Object.getPrototypeOf(body);
  if (proto !== Object.prototype && proto !== null && !Array.isArray(body)) return;
  ctx.body = JSON.stringify(body);
}
