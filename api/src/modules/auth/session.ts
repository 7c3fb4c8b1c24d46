// Sessions: koa-session with its data in the `sessions` table, so every API process sharing the
// database shares sign-ins. The cookie `dm.sid` carries only a random id, signed with app.keys; HttpOnly,
// SameSite=Lax, Secure decided by Koa from the protocol (behind a proxy: TRUST_PROXY=1), 14 days, renewed
// while in use.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Context } from 'koa';
import session from 'koa-session';
import type { AppDeps } from '../../deps';
import { deleteExpiredSessions, deleteSession, findSession, saveSession } from './sessions-queries';

export const SESSION_COOKIE = 'dm.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

const storageId = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function dbSessionStore({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  // Expired rows are cleared at most every ten minutes per process, on a write, off the request's path.
  let lastSweep = 0;
  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = nowMs;
    deleteExpiredSessions(db, nowMs).catch(() => {
      lastSweep = 0;
    });
  };
  return {
    async get(key: string) {
      return (await findSession(db, storageId(key), clock().getTime())) ?? null;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number) {
      const nowMs = clock().getTime();
      const userId = Number(data.userId);
      await saveSession(db, {
        id: storageId(key),
        data,
        userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
        expiresAt: nowMs + maxAge,
      });
      sweep(nowMs);
    },
    async destroy(key: string) {
      await deleteSession(db, storageId(key));
    },
  };
}

export function sessionMiddleware(deps: AppDeps, app: Koa) {
  return session(
    {
      key: SESSION_COOKIE,
      store: dbSessionStore(deps),
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      renew: true,
      secure: undefined,
    },
    app,
  );
}

/** Signs `userId` in under a fresh session id, so an id planted before sign-in is worth nothing after it. */
export async function startUserSession(ctx: Context, userId: number): Promise<void> {
  ctx.session = { userId };
  await ctx.session!.regenerate();
}

/** Ends the session: its row is deleted and the cookie cleared when the response is sent. */
export function endSession(ctx: Context): void {
  ctx.session = null;
}

export function sessionUserId(ctx: Context): number | null {
  const id = Number(ctx.session?.userId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
