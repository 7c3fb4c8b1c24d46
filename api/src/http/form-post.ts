// A public form posted by the browser itself: before the page's script has run, when it never loads, or with
// script turned off (the forms carry method="post" and their JSON route as action). The route stays the one
// storing path: this middleware turns the posted fields into the JSON body its schema checks, gives the post an
// Idempotency-Key made from its content, and answers with pages instead of JSON:
// - stored: 303 to the form's thank-you page, so a reload or Back never posts again;
// - refused by the schema: 422 with the page the form was posted from when that page holds the form (the
//   landing page, the 404 page), else the form's own page; every value kept and each message beside its field;
// - not stored for another reason (rate limit, server error): that status, with the page and its values and
//   the form's failure message, so the person can press Submit again.
//
// The key: a prerendered page cannot carry a per-visit key, so the key is the SHA-256 of the posted content. A
// double press, a reload of the post or a Back-and-resubmit sends the same content (the fill time the boot
// script stamps is kept for the page's life) and is stored once. With script turned off a person who sends
// exactly the same request again later is told "Thank You" again and stored once too.
//
// Spam rules and rate limit are the app's: the fill time, when the boot script stamped one, is the body's
// `elapsedMs`; a post without it (script turned off) counts against the smaller untimed budget as any
// untimed client does (http/rate-limit.ts).
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { requestHash } from '../lib/request-hash';
import { AppError } from './errors';
import { FILL_TIME_FORM_FIELD, FORM_PAGE_FIELD } from '../contract';
import { renderFormPage, type FormEcho } from './form-pages';

export interface FormPostSpec {
  form: FormEcho['form'];
  /** The route the form posts to (its `action`): how a rendered page is known to hold the form. */
  action: string;
  /** The page with the form, rendered again when the post is refused. */
  page: string;
  /** The page the form was posted from, when the post says (and it is a plain path); tried before `page`. */
  postedFrom?: (fields: Record<string, string>) => string | undefined;
  /** Where a stored post sends the browser on. */
  thankYou: string;
  /** The JSON body the route's schema checks, made from the posted fields. */
  toBody: (fields: Record<string, string>) => Record<string, unknown>;
}

export function isFormPost(ctx: Context): boolean {
  return Boolean(ctx.is('application/x-www-form-urlencoded'));
}

/** The Idempotency-Key of a form post: its content's hash (see above); undefined for any other request. */
export function formPostKey(ctx: Context): string | undefined {
  return (ctx.state as { formPostKey?: string }).formPostKey;
}

export function formPost(deps: { config: Config; logger: Logger }, spec: FormPostSpec) {
  return async (ctx: Context, next: Next) => {
    if (!isFormPost(ctx)) return next();
    const fields = postedFields(ctx.request.body);
    const body = spec.toBody(fields);
    ctx.request.body = body;
    (ctx.state as { formPostKey?: string }).formPostKey = `form:${requestHash(body)}`;
    const answer = async (status: number, echo: Omit<FormEcho, 'form' | 'values'>) => {
      const full: FormEcho = { form: spec.form, values: fields, ...echo };
      const from = spec.postedFrom?.(fields);
      let html = from && from !== spec.page ? await renderFormPage(deps.config.webDistDir, from, full) : '';
      // A page whose form is only a dialog (closed in a page without script) does not show it: the form's own page does.
      if (!html.includes(`action="${spec.action}"`)) html = await renderFormPage(deps.config.webDistDir, spec.page, full);
      ctx.status = status;
      ctx.type = 'html';
      ctx.body = html;
    };
    try {
      await next();
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation' && err.details.errors) {
        await answer(422, { errors: err.details.errors });
        return;
      }
      const status = err instanceof AppError ? err.status : 500;
      if (!(err instanceof AppError)) deps.logger.error({ err, requestId: ctx.state.requestId }, 'form post failed');
      if (err instanceof AppError && err.details.retryAfterSeconds != null) ctx.set('Retry-After', String(err.details.retryAfterSeconds));
      await answer(status, { errors: {}, failed: true });
      return;
    }
    if (ctx.status === 201) {
      ctx.redirect(spec.thankYou);
      ctx.status = 303;
    }
  };
}

/**
 * The posted fields as the JSON body's fields (the honeypot has the same name in both), the fill time as the
 * body's `elapsedMs` when the page's boot script stamped one (a whole number of milliseconds; anything else is
 * left out, as with script turned off), and the page field.
 */
export function formFields(fields: Record<string, string>): { fields: Record<string, string | number>; page: string } {
  const { [FORM_PAGE_FIELD]: page = '/', [FILL_TIME_FORM_FIELD]: fillTime, ...rest } = fields;
  const elapsedMs = fillTime !== undefined && /^\d{1,9}$/.test(fillTime) ? Number(fillTime) : undefined;
  return { fields: elapsedMs === undefined ? rest : { ...rest, elapsedMs }, page };
}

/** The posted fields that are plain strings (a repeated or bracketed name is ignored, as the forms send neither). */
function postedFields(parsed: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!parsed || typeof parsed !== 'object') return fields;
  for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** A site path such as `/print/no-such-page`, or undefined for anything else a post may carry in the page field. */
export function plainPath(value: string | undefined): string | undefined {
  return value !== undefined && value.length <= 200 && /^\/(?!\/)[A-Za-z0-9\-._~/]*$/.test(value) ? value : undefined;
}
