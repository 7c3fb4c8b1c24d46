// Security headers with a Content-Security-Policy the built app runs under: scripts only from this origin
// (Vite emits no inline script; the one inline script, the pages' boot script, is allowed by its hash) and our own WebAssembly, images from anywhere https (template previews are staff-entered URLs).
import helmet from 'koa-helmet';

/** `inlineScriptHashes`: the CSP sources of the pages' one inline script, as the build recorded them. */
export function securityHeaders(inlineScriptHashes: readonly string[] = []) {
  return helmet({
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
  });
}
