// Serves the built web app: hashed assets cached forever, HTML and the service worker never cached,
// prerendered pages by path, the app shell for client-rendered routes, and the 404 page with status 404.
// A hashed asset with a Brotli or gzip copy beside it (scripts/precompress.ts) is sent as that copy when
// the client accepts its encoding: koa-send picks it, sets Content-Encoding, keeps the original's type.
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send, { type SetHeaders } from 'koa-send';

// The client-rendered routes (the service worker, web/src/sw.ts, answers the same list with the shell offline).
const APP_SHELL_ROUTES = /^\/(admin(\/.*)?|login|setup|set-password)\/?$/;
const NEVER_CACHE = /(\.html|\/sw\.js|\.webmanifest|\/registerSW\.js)$/;
const PRECOMPRESSED = /\.(br|gz)$/;

export function staticFiles(root: string) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    const setHeaders: SetHeaders = (res, file) => {
      // koa-send names the copy it sends (page.html.br): the rules are about the file it stands for.
      const served = file.replace(PRECOMPRESSED, '');
      if (served.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (NEVER_CACHE.test(served.split(path.sep).join('/'))) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    };
    const rel = safeRelative(ctx.path);
    if (rel === null) return notFoundPage(ctx, root, setHeaders);

    // A real file (asset, icon, manifest, service worker) or a prerendered page directory.
    if (isFile(path.join(root, rel))) {
      await send(ctx, rel || '/', { root, setHeaders, ...freshCopies(path.join(root, rel)) });
      return;
    }
    if (isFile(path.join(root, rel, 'index.html'))) {
      await send(ctx, rel || '/', { root, setHeaders, index: 'index.html', ...freshCopies(path.join(root, rel, 'index.html')) });
      return;
    }
    if (APP_SHELL_ROUTES.test(ctx.path)) {
      await send(ctx, 'app-shell.html', { root, setHeaders, ...freshCopies(path.join(root, 'app-shell.html')) });
      return;
    }
    await notFoundPage(ctx, root, setHeaders);
  };
}

async function notFoundPage(ctx: Context, root: string, setHeaders: SetHeaders) {
  const page = isFile(path.join(root, '404.html')) ? '404.html' : 'app-shell.html';
  await send(ctx, page, { root, setHeaders, ...freshCopies(path.join(root, page)) });
  ctx.status = 404;
}

/**
 * Which precompressed copies of `file` koa-send may send: only one written no earlier than the file itself.
 * Hashed assets never change under their name, but a page does: rewritten by a deploy that left its old
 * copies beside it, it is compressed per request instead of answered with the old page.
 */
function freshCopies(file: string): { brotli: boolean; gzip: boolean } {
  const written = mtimeMs(file);
  const fresh = (copy: string) => {
    const copied = mtimeMs(copy);
    return copied !== null && written !== null && copied >= written;
  };
  return { brotli: fresh(`${file}.br`), gzip: fresh(`${file}.gz`) };
}

function mtimeMs(p: string): number | null {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return null;
  }
}

function safeRelative(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.posix.normalize(decoded);
  if (normal.split('/').includes('..')) return null;
  return normal.replace(/^\/+/, '');
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
