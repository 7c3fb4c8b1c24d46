// requireUser on a route of its own, in a small app built from the real middleware: the admin routes of
// the product use it the same way.
import http from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { createAccount, signIn } from '../../testing/auth';
import { authRoutes } from './auth-routes';
import { ENGINES, TEST_SESSION_KEYS, api, testConfig, useTestDb } from '../../testing/test-app';
import { errorMiddleware } from '../../http/errors';
import { jsonBody } from '../../http/json-body';
import { requireUser } from './require-user';
import { sessionMiddleware } from './session';
import { createLiveBus } from '../../pipeline/live-bus';
import { Submissions } from '../../pipeline/submissions';

async function startGuardedApp(deps: AppDeps) {
  const app = new Koa({ keys: deps.sessionKeys });
  const guarded = new Router();
  guarded.get('/api/admin/ping', requireUser(deps, ['admin']), (ctx) => {
    ctx.body = { pong: ctx.state.user.email };
  });
  guarded.post('/api/capture', requireUser(deps, ['admin', 'rep']), (ctx) => {
    ctx.body = { ok: true };
  });
  app.use(errorMiddleware(deps.logger));
  app.use(jsonBody);
  app.use(sessionMiddleware(deps, app));
  app.use(authRoutes(deps).routes());
  app.use(guarded.routes());
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe.each(ENGINES)('requireUser on %s', (engine) => {
  const testDb = useTestDb(engine);
  let app: Awaited<ReturnType<typeof startGuardedApp>>;
  const PASSWORD = 'a long test password';
  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const deps: AppDeps = { db: testDb.db, config: testConfig(), logger, clock: () => new Date(), sessionKeys: TEST_SESSION_KEYS, live: createLiveBus(), submissions: new Submissions(logger), leadWorkFollowers: [] };
    app = await startGuardedApp(deps);
    await createAccount(testDb.db, 'admin@example.com', PASSWORD, 'admin');
    await createAccount(testDb.db, 'rep@example.com', PASSWORD, 'rep');
  });
  afterAll(async () => {
    await app.close();
  });

  it('nobody signed in - 401 Unauthorized', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/admin/ping');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('a rep - 403 on an admin route, allowed where reps are', async () => {
    const { cookie } = await signIn(app.baseUrl, 'rep@example.com', PASSWORD);
    const res = await api(app.baseUrl, 'GET', '/api/admin/ping', undefined, { Cookie: cookie });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Forbidden' });
    const capture = await api(app.baseUrl, 'POST', '/api/capture', {}, { Cookie: cookie });
    expect(capture.status).toBe(200);
  });

  it('an admin - passes, with the user on ctx.state', async () => {
    const { cookie } = await signIn(app.baseUrl, 'admin@example.com', PASSWORD);
    const res = await api(app.baseUrl, 'GET', '/api/admin/ping', undefined, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ pong: 'admin@example.com' });
  });

  it('an account deleted while signed in - 401 at once', async () => {
    await createAccount(testDb.db, 'gone@example.com', PASSWORD, 'admin');
    const { cookie } = await signIn(app.baseUrl, 'gone@example.com', PASSWORD);
    await testDb.db('users').where({ email: 'gone@example.com' }).delete();
    expect((await api(app.baseUrl, 'GET', '/api/admin/ping', undefined, { Cookie: cookie })).status).toBe(401);
  });
});
