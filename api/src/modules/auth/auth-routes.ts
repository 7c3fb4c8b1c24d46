// Staff sign-in routes: login, logout, current user, first-run setup, and each user's own devices. Thin: parse,
// call a service, shape the answer.
import Router from '@koa/router';
import type { Context } from 'koa';
import { loginInputSchema, setupInputSchema, type CurrentUser } from '../../contract';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { AppError } from '../../http/errors';
import { ACCOUNT_CHANGED_MESSAGE, currentSessionId, endSession, sessionUserId, startUserSession } from '../auth/session';
import { parseWith } from '../../http/validate';
import { INVALID_CREDENTIALS, authenticate, currentUser } from './auth-service';
import { endDevice, endOtherDevices, listDevices } from './devices-service';
import { requireUser } from './require-user';
import { parseSessionId } from './session-id';
import { LOGOUT_CONFIRM_PAGE } from './logout-confirm-page';
import { configureHashing, prepareDummyHash } from './password';
import { assertSetupTokenUsable, completeSetup } from './setup-service';

/** A path of this site's admin (with its query), or /admin: never another site, nor a page outside the admin. */
function adminPathOrHome(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2000) return '/admin';
  return /^\/admin(?:[/?#]|$)/.test(raw) && !/[\\\u0000-\u001f\u007f]|\/\//.test(raw) ? raw : '/admin';
}

export function authRoutes(deps: AppDeps, router = new Router()) {
  configureHashing(deps.config.signIn);
  // Ready before the first sign-in for an unknown e-mail, so that one is not slower than the rest.
  prepareDummyHash().catch((err) => deps.logger.error({ err }, 'could not prepare the sign-in timing hash'));

  // Browser targets: where the admin's "log in again" and "log out" links go. `next` is the admin screen the
  // person was on (an alert's /admin?lead=ID too), so signing in brings them back to it.
  router.get('/api/login', async (ctx) => {
    const user = await currentUser(deps, sessionUserId(ctx));
    const next = adminPathOrHome(ctx.query.next);
    ctx.redirect(user ? next : `/login?next=${encodeURIComponent(next).replace(/%2F/g, '/')}`);
  });

  // A GET that ends the session is what the admin's "Log out" link needs, and also what any other site could
  // make a signed-in browser do with a link or an image. Fetch Metadata tells them apart: a request another
  // site started (cross-site, or a sibling subdomain's same-site) keeps the session and gets a page whose
  // button confirms. Browsers without Fetch Metadata send no header and keep the old behaviour.
  router.get('/api/logout', async (ctx) => {
    const site = ctx.get('Sec-Fetch-Site');
    if ((site === 'cross-site' || site === 'same-site') && sessionUserId(ctx)) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = LOGOUT_CONFIRM_PAGE;
      return;
    }
    endSession(ctx);
    ctx.redirect('/');
  });

  // The confirmation page's button (a cross-site POST never gets here: the origin check refuses it).
  router.post('/api/logout', async (ctx) => {
    endSession(ctx);
    ctx.status = 303;
    ctx.redirect('/');
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = parseWith(loginInputSchema, ctx.request.body);
    const grant = await authenticate(deps, input, clientIp(ctx));
    // A reset or a new password that committed while this one was being checked makes it as wrong as any other.
    if (!(await startUserSession(ctx, grant))) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
    ctx.body = grant.user;
  });

  router.get('/api/auth/user', async (ctx) => {
    const user = await currentUser(deps, sessionUserId(ctx));
    if (!user) throw new AppError('unauthenticated', 'Unauthorized');
    ctx.body = user;
  });

  // Every signed-in user's own devices (reps too): the list, "Sign out" one, "Sign out everywhere else".
  const staff = requireUser(deps, ['admin', 'rep']);
  const me = (ctx: Context) => ctx.state.user as CurrentUser;

  router.get('/api/auth/sessions', staff, async (ctx) => {
    ctx.body = await listDevices(deps, me(ctx).id, currentSessionId(ctx));
  });

  router.post('/api/auth/sessions/sign-out-others', staff, async (ctx) => {
    const current = currentSessionId(ctx);
    if (!current) throw new AppError('unauthenticated', 'Unauthorized');
    ctx.body = { ended: await endOtherDevices(deps, me(ctx), me(ctx).id, current) };
  });

  router.delete('/api/auth/sessions/:sessionId', staff, async (ctx) => {
    const sessionId = parseSessionId(ctx.params.sessionId);
    await endDevice(deps, me(ctx), me(ctx).id, sessionId);
    // Signing this very device out: its cookie goes too (its row already has).
    if (sessionId === currentSessionId(ctx)) endSession(ctx);
    ctx.status = 204;
  });

  router.get('/api/auth/setup', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    await assertSetupTokenUsable(deps, token);
    ctx.body = { valid: true };
  });

  router.post('/api/auth/setup', async (ctx) => {
    const input = parseWith(setupInputSchema, ctx.request.body);
    const grant = await completeSetup(deps, input);
    if (!(await startUserSession(ctx, grant))) throw new AppError('unauthenticated', ACCOUNT_CHANGED_MESSAGE);
    ctx.status = 201;
    ctx.body = grant.user;
  });

  return router;
}
