// Every /api/admin/* route checks the session on the server, even where the page shows no check: 401 without a
// signed-in user (or when the account is no longer active: deactivation deletes its sessions anyway, this also
// covers a sign-in that raced the deactivation), 403 when the user's role may not use the route. The user is re-read each time, so a deleted account
// or a changed role takes effect at once: the session store reads it in the same statement as the session
// (userReadWithSession), else it is read here; neither waits behind the write transactions of other requests, and
// both see every committed change: the session's read at once (db/read-at-once.ts), this one on the reader (readerOf).
import type { Context, Next } from 'koa';
import type { UserRole } from '../../contract';
import type { AppDeps } from '../../deps';
import { readerOf } from '../../db/knex';
import { findUserById, isActive, publicUser } from './users-queries';
import { userReadWithSession } from './session';
import { AppError } from '../../http/errors';

export function requireUser({ db }: Pick<AppDeps, 'db'>, roles: readonly UserRole[] = ['admin']) {
  return async (ctx: Context, next: Next) => {
    const userId = Number(ctx.session?.userId);
    const user = userId ? (userReadWithSession(ctx, userId) ?? (await findUserById(readerOf(db), userId))) : undefined;
    if (!user || !isActive(user)) throw new AppError('unauthenticated', 'Unauthorized');
    if (!roles.includes(user.role)) throw new AppError('forbidden', 'Forbidden');
    ctx.state.user = publicUser(user);
    await next();
  };
}
