// Sessions: koa-session with its data in the `sessions` table, so every API process sharing the
// database shares sign-ins. The cookie `dm.sid` carries only a random id, signed with app.keys; HttpOnly,
// SameSite=Lax, Secure decided by Koa from the protocol (behind a proxy: TRUST_PROXY=1), 14 days, renewed
// while in use.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Context } from 'koa';
import session from 'koa-session';
import type { AppDeps } from '../../deps';
import { atMostEvery } from '../../lib/recurring';
import { deleteExpiredSessions, deleteSession, findSessionWithUser, insertSignedInSession, noteSessionActivity, updateSession } from './sessions-queries';
import { noteUserActivity, type SignInGrant, type UserRow } from './users-queries';

export const SESSION_COOKIE = 'dm.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const sweepDue = atMostEvery(10 * 60 * 1000);

const storageId = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** A session's activity is written at most this often: enough for "last active", cheap for a busy device. */
export const ACTIVITY_EVERY_MS = 5 * 60 * 1000;
/** The longest User-Agent kept (the column's size); real ones are a few hundred characters. */
const USER_AGENT_MAX = 400;

export function dbSessionStore({ db, clock, logger }: Pick<AppDeps, 'db' | 'clock' | 'logger'>) {
  // Expired rows are cleared at most every ten minutes per process, on a write, off the request's path.
  const sweep = (nowMs: number) => {
    if (!sweepDue.due(db, nowMs)) return;
    deleteExpiredSessions(db, nowMs).catch(() => sweepDue.forget(db));
  };
  // Activity is recorded without making the request wait for the write; a failed write only leaves
  // "last active" a few minutes older.
  const noteActivity = (sessionId: string | null, userId: number, nowMs: number) => {
    const writes = [noteUserActivity(db, userId, new Date(nowMs).toISOString())];
    if (sessionId) writes.push(noteSessionActivity(db, sessionId, nowMs));
    Promise.all(writes).catch((err) => logger.debug({ err }, 'could not record session activity'));
  };
  return {
    async get(key: string, _maxAge: number, { ctx }: { rolling: boolean; ctx?: Context }) {
      const id = storageId(key);
      const nowMs = clock().getTime();
      // Never behind the write connection: a staff request's session must not queue behind writes.
      const found = await findSessionWithUser(db, id, nowMs);
      if (ctx && found) currentSessionIds.set(ctx, id);
      if (ctx && found?.user) usersReadWithSession.set(ctx, found.user);
      if (found?.user && (found.lastActiveAt === null || nowMs - found.lastActiveAt >= ACTIVITY_EVERY_MS)) noteActivity(id, found.user.id, nowMs);
      return found?.data ?? null;
    },
    // A row is created only by a sign-in (startUserSession), and only while the password it verified still
    // holds; every later save updates the row and never brings back one deleted meanwhile.
    async set(key: string, data: Record<string, unknown>, maxAge: number, { ctx }: { ctx?: Context } = {}) {
      const id = storageId(key);
      const nowMs = clock().getTime();
      const grant = ctx && signInsUnderWay.get(ctx);
      if (!grant) {
        await updateSession(db, id, data, nowMs + maxAge);
        if (ctx) currentSessionIds.set(ctx, id);
        sweep(nowMs);
        return;
      }
      signInsUnderWay.delete(ctx);
      const stored = await insertSignedInSession(
        db,
        { id, data, userId: grant.user.id, expiresAt: nowMs + maxAge, createdAt: nowMs, userAgent: ctx.get('User-Agent').slice(0, USER_AGENT_MAX) || null },
        grant.passwordHash,
      );
      if (!stored) throw new PasswordChangedMeanwhile();
      currentSessionIds.set(ctx, id);
      noteActivity(null, grant.user.id, nowMs);
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

/** The answer (401) when a link or setup set the password but the account changed before its session was stored. */
export const ACCOUNT_CHANGED_MESSAGE = 'Your account was changed while you were being signed in. Sign in again.';

/** The sign-in each request is storing a session for, until the store has written it. */
const signInsUnderWay = new WeakMap<Context, SignInGrant>();

class PasswordChangedMeanwhile extends Error {}

/**
 * Signs the grant's account in under a fresh session id, so an id planted before sign-in is worth nothing after
 * it. False, with no session stored and the cookie cleared, when the password the grant verified is no longer
 * the account's or the account is no longer active: a reset, a new password or a deactivation committed since.
 */
export async function startUserSession(ctx: Context, grant: SignInGrant): Promise<boolean> {
  signInsUnderWay.set(ctx, grant);
  ctx.session = { userId: grant.user.id };
  try {
    await ctx.session!.regenerate();
    return true;
  } catch (err) {
    if (!(err instanceof PasswordChangedMeanwhile)) throw err;
    ctx.session = null;
    return false;
  } finally {
    signInsUnderWay.delete(ctx);
  }
}

/** Ends the session: its row is deleted and the cookie cleared when the response is sent. */
export function endSession(ctx: Context): void {
  ctx.session = null;
}

/**
 * The account row read with this request's session, in the same statement (findSessionWithUser). Kept for
 * the request only (keyed by its context), never across requests: requireUser uses it instead of reading the
 * user a second time, so a deleted account or a changed role still counts from the next request on.
 */
const usersReadWithSession = new WeakMap<Context, UserRow>();

/** The user read with this request's session, if it is the one the session names now; else undefined. */
export function userReadWithSession(ctx: Context, userId: number): UserRow | undefined {
  const user = usersReadWithSession.get(ctx);
  return user?.id === userId ? user : undefined;
}

export function sessionUserId(ctx: Context): number | null {
  const id = Number(ctx.session?.userId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The `sessions` row of this request's session (what the Devices list calls its id), once the session was read or saved. */
const currentSessionIds = new WeakMap<Context, string>();

export function currentSessionId(ctx: Context): string | null {
  return currentSessionIds.get(ctx) ?? null;
}
