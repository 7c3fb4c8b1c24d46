// A browser's own form post refused before its fields were read: the body is over the size limit (413) or in
// an encoding the route does not read (415, e.g. a form sent as multipart/form-data). A person is looking at
// that answer, not a script, so it is a page (the form's failure wording, why, and a way back) instead of the
// JSON every other client gets. Only requests a browser form makes are answered so: a POST to a public form's
// route carrying one of the three encodings an HTML form sends, from a client that prefers HTML to JSON (a
// browser's navigation asks for text/html first; a script's fetch or curl asks for anything, and gets JSON).
import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { AppError } from './errors';
import { takesFormPosts } from './json-body';
import { renderFormRefusalPage } from './form-pages';

const HTML_FORM_ENCODINGS = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

export function formPostRefusals(deps: { config: Config }) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const status = err instanceof AppError ? err.status : 0;
      if ((status !== 413 && status !== 415) || !isBrowserFormPost(ctx)) throw err;
      ctx.status = status;
      ctx.type = 'html';
      ctx.body = await renderFormRefusalPage(deps.config.webDistDir, status, backPath(ctx));
    }
  };
}

function isBrowserFormPost(ctx: Context): boolean {
  return ctx.method === 'POST' && takesFormPosts(ctx.path) && Boolean(ctx.is(HTML_FORM_ENCODINGS)) && ctx.accepts('json', 'html') === 'html';
}

/** The page the form was on (the Referer's path, when it is this site), else the home page's form. */
function backPath(ctx: Context): string {
  try {
    const referer = new URL(ctx.get('Referer'));
    if (referer.host === ctx.host && referer.pathname.startsWith('/') && !referer.pathname.startsWith('//')) return referer.pathname;
  } catch {
    /* no Referer, or not a URL */
  }
  return takesFormPosts(ctx.path) && ctx.path.toLowerCase().includes('print-samples') ? '/print/samples' : '/#contact';
}
