// Staff sign-in routes (contract §3). Thin: parse, call a service, shape the answer.
import Router from '@koa/router';
import { loginInputSchema, setupInputSchema } from '../../contract';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { AppError } from '../../http/errors';
import { endSession, sessionUserId, startUserSession } from '../../http/session';
import { parseWith } from '../../http/validate';
import { authenticate, currentUser } from './auth-service';
import { HashQueue } from './hash-queue';
import { prepareDummyHash } from './password';
import { assertSetupTokenUsable, completeSetup } from './setup-service';

export function authRoutes(deps: AppDeps) {
  // Ready before the first sign-in for an unknown e-mail, so that one is not slower than the rest.
  prepareDummyHash().catch((err) => deps.logger.error({ err }, 'could not prepare the sign-in timing hash'));
  const router = new Router();
  const signInHashes = new HashQueue(deps.config.signIn.maxConcurrentHashes, deps.config.signIn.maxQueuedHashes);

  // Browser targets: where the admin's "log in again" and "log out" links go.
  router.get('/api/login', async (ctx) => {
    const user = await currentUser(deps, sessionUserId(ctx));
    ctx.redirect(user ? '/admin' : '/login?next=/admin');
  });

  router.get('/api/logout', async (ctx) => {
    endSession(ctx);
    ctx.redirect('/');
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = parseWith(loginInputSchema, ctx.request.body);
    const user = await authenticate(deps, input, clientIp(ctx), signInHashes);
    await startUserSession(ctx, user.id);
    ctx.body = user;
  });

  router.get('/api/auth/user', async (ctx) => {
    const user = await currentUser(deps, sessionUserId(ctx));
    if (!user) throw new AppError('unauthenticated', 'Unauthorized');
    ctx.body = user;
  });

  router.get('/api/auth/setup', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    await assertSetupTokenUsable(deps, token);
    ctx.body = { valid: true };
  });

  router.post('/api/auth/setup', async (ctx) => {
    const input = parseWith(setupInputSchema, ctx.request.body);
    const user = await completeSetup(deps, input);
    await startUserSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = user;
  });

  return router;
}
