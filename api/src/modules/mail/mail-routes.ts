// /api/admin/mail (admins): the Mail screen's list, Retry, the test e-mail and the mail settings.
// /api/mail/unsubscribe (public, by its signed link): the confirm page (GET) and the one-click POST (RFC 8058).
import Router from '@koa/router';
import type { Context } from 'koa';
import { mailListQuerySchema, mailSettingsSchema, type CurrentUser } from '../../contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { parseId, parseWith } from '../../http/validate';
import { requireUser } from '../auth';
import { getMailSettings, mailOverview, retryMessage, sendTestMail, setMailSettings, unsubscribe, unsubscribeTarget } from './mail-service';
import { invalidUnsubscribePage, unsubscribeConfirmPage, unsubscribedPage } from './unsubscribe-page';
import { UNSUBSCRIBE_PATH } from './unsubscribe';

const me = (ctx: Context) => ctx.state.user as CurrentUser;

function html(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

export function mailRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/mail', admin, async (ctx) => {
    const query = parseWith(mailListQuerySchema, ctx.query);
    ctx.body = await mailOverview(deps, query.state, query.limit);
  });

  router.post('/api/admin/mail/:id/retry', admin, async (ctx) => {
    await retryMessage(deps, parseId(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/admin/mail/test', admin, async (ctx) => {
    await sendTestMail(deps, me(ctx));
    ctx.status = 202;
  });

  router.get('/api/admin/mail/settings', admin, async (ctx) => {
    ctx.body = await getMailSettings(deps);
  });

  router.put('/api/admin/mail/settings', admin, async (ctx) => {
    ctx.body = await setMailSettings(deps, me(ctx), parseWith(mailSettingsSchema, ctx.request.body));
  });

  router.get(UNSUBSCRIBE_PATH, async (ctx) => {
    try {
      const { kind } = unsubscribeTarget(deps, ctx.query);
      html(ctx, 200, unsubscribeConfirmPage(kind, ctx.originalUrl));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      html(ctx, 404, invalidUnsubscribePage());
    }
  });

  // The body (List-Unsubscribe=One-Click, or the page's empty form) says nothing the signed link does not.
  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    try {
      const { kind } = await unsubscribe(deps, ctx.query);
      html(ctx, 200, unsubscribedPage(kind));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      html(ctx, 404, invalidUnsubscribePage());
    }
  });

  return router;
}
