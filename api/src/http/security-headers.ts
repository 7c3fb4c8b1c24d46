// Security headers with a Content-Security-Policy the built app runs under: scripts only from this origin
// (Vite emits no inline script; the one inline script, the pages' boot script, is allowed by its hash) and
// our own WebAssembly, images from anywhere https (template previews are staff-entered URLs).
//
// Helmet decides the headers; it runs once, at start, and every answer gets the headers it chose. Run per
// request (koa-helmet), it rebuilt the same CSP string and walked thirteen small middlewares through a
// promise on every request, a few percent of the spam path's profile, for headers that depend on nothing
// in the request (no nonce, no per-request directive: the options below are constants, and the boot script's
// hash is read once at start).
//
// HSTS goes only on answers that travelled over HTTPS, which behind a TLS-terminating proxy means TRUST_PROXY and
// `X-Forwarded-Proto: https` (Koa's ctx.secure): browsers ignore the header on plain HTTP anyway, so sending it
// only there says exactly what is enforced, and a forged X-Forwarded-Proto without TRUST_PROXY changes nothing.
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';

/** `inlineScriptHashes`: the CSP sources of the pages' one inline script, as the build recorded them. */
export function securityHeaderOptions(inlineScriptHashes: readonly string[] = []): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the capture screen's barcode reader); it
        // allows no eval() of JavaScript and no script from elsewhere.
        // …and the pages' boot script, inline and allowed by its hash alone (http/inline-scripts.ts).
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes],
        // React writes style attributes into prerendered HTML; Tailwind itself is one stylesheet.
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: the capture screen shows card photos held on the device (IndexedDB Blobs) through object URLs.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    // The site links out to its own dashboards; a strict referrer policy keeps paths private.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Set per answer, on HTTPS only (above).
    strictTransportSecurity: false,
  };
}

/** The headers helmet sets for these options, and the ones it removes, found by running it once on a stand-in response. */
export function helmetDecisions(options: Readonly<HelmetOptions> = securityHeaderOptions()) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet answers synchronously when no directive is a function; anything else would need it per request.
  if (!done) throw new Error('helmet did not finish synchronously: the security headers cannot be computed once');
  return { set, removed };
}

/** A year, this host and its subdomains (no preload: that is a decision for the domain's owner to make). */
const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(inlineScriptHashes: readonly string[] = []) {
  const { set, removed } = helmetDecisions(securityHeaderOptions(inlineScriptHashes));
  return (ctx: Context, next: Next) => {
    for (const name of removed) ctx.res.removeHeader(name);
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    if (ctx.secure) ctx.res.setHeader('Strict-Transport-Security', HSTS);
    return next();
  };
}
