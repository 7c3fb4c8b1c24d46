// /api/admin/users (admins only): the Team screen's staff list, invites, role and name changes, password resets,
// deactivation, and any account's devices. /api/auth/account-link (public): opening an invite or reset link and
// choosing the password, which signs the person in. Thin: parse, call a service, shape the answer.
import Router from '@koa/router';
import type { Context } from 'koa';
import { FORGOT_PASSWORD_ANSWER, accountLinkInputSchema, forgotPasswordInputSchema, inviteInputSchema, staffChangeSchema, type AccountLinkIssued, type CurrentUser } from '../../contract';
import { clientIp } from '../../http/client-ip';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { siteOrigin } from '../../http/site-origin';
import { parseId, parseWith } from '../../http/validate';
import { endAllDevices, endDevice, listDevices, requireUser, ACCOUNT_CHANGED_MESSAGE, currentSessionId, startUserSession, parseSessionId } from '../auth';
import { accountLinkUrl, completeAccountLink, describeAccountLink, requestPasswordLink } from './account-links';
import { cancelInvite, changeStaff, deactivateStaff, inviteStaff, listStaff, reactivateStaff, renewInvite, resetPassword, type IssuedLink } from './team-service';

/** requireUser has put the signed-in admin here before any handler runs. */
const actorOf = (ctx: Context) => ctx.state.user as CurrentUser;

/**
 * The link is made for the address the admin is using, so it opens on the same site. The person was also sent it
 * (queued in the same transaction); the admin is told whether that mail leaves or is only saved here.
 */
function issued(ctx: Context, deps: AppDeps, { user, token, expiresAt }: IssuedLink): AccountLinkIssued {
  return { user, link: { url: accountLinkUrl(siteOrigin(ctx), token), expiresAt }, mail: { to: user.email, via: deps.config.mail.smtpUrl ? 'smtp' : 'file' } };
}

export function teamRoutes(deps: AppDeps, router = new Router()) {
  const admin = requireUser(deps);

  router.get('/api/admin/users', admin, async (ctx) => {
    ctx.body = await listStaff(deps);
  });

  router.post('/api/admin/users', admin, async (ctx) => {
    const input = parseWith(inviteInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = issued(ctx, deps, await inviteStaff(deps, actorOf(ctx), input));
  });

  router.patch('/api/admin/users/:id', admin, async (ctx) => {
    const id = parseId(ctx.params.id);
    const change = parseWith(staffChangeSchema, ctx.request.body);
    ctx.body = await changeStaff(deps, actorOf(ctx), id, change);
  });

  router.post('/api/admin/users/:id/invite-link', admin, async (ctx) => {
    ctx.body = issued(ctx, deps, await renewInvite(deps, actorOf(ctx), parseId(ctx.params.id)));
  });

  router.delete('/api/admin/users/:id/invite', admin, async (ctx) => {
    await cancelInvite(deps, actorOf(ctx), parseId(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/admin/users/:id/password-reset', admin, async (ctx) => {
    ctx.body = issued(ctx, deps, await resetPassword(deps, actorOf(ctx), parseId(ctx.params.id)));
  });

  router.post('/api/admin/users/:id/deactivate', admin, async (ctx) => {
    ctx.body = await deactivateStaff(deps, actorOf(ctx), parseId(ctx.params.id));
  });

  router.post('/api/admin/users/:id/reactivate', admin, async (ctx) => {
    ctx.body = await reactivateStaff(deps, actorOf(ctx), parseId(ctx.params.id));
  });

  router.get('/api/admin/users/:id/sessions', admin, async (ctx) => {
    ctx.body = await listDevices(deps, parseId(ctx.params.id), currentSessionId(ctx));
  });

  router.delete('/api/admin/users/:id/sessions', admin, async (ctx) => {
    ctx.body = { ended: await endAllDevices(deps, actorOf(ctx), parseId(ctx.params.id)) };
  });

  router.delete('/api/admin/users/:id/sessions/:sessionId', admin, async (ctx) => {
    await endDevice(deps, actorOf(ctx), parseId(ctx.params.id), parseSessionId(ctx.params.sessionId));
    ctx.status = 204;
  });

  // "Forgot password?" on the sign-in page: the same 202 and words whether or not the address has an account.
  router.post('/api/auth/forgot-password', async (ctx) => {
    const input = parseWith(forgotPasswordInputSchema, ctx.request.body);
    await requestPasswordLink(deps, input.email, clientIp(ctx));
    ctx.status = 202;
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
  });

  router.get('/api/auth/account-link', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    ctx.body = await describeAccountLink(deps, token);
  });

  router.post('/api/auth/account-link', async (ctx) => {
    const input = parseWith(accountLinkInputSchema, ctx.request.body);
    const grant = await completeAccountLink(deps, input);
    if (!(await startUserSession(ctx, grant))) throw new AppError('unauthenticated', ACCOUNT_CHANGED_MESSAGE);
    ctx.status = 201;
    ctx.body = grant.user;
  });

  return router;
}
