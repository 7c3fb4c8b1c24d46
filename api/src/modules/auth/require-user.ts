// Every /api/admin/* route checks the session on the server, even where the page shows no check: 401 without a
// signed-in user, 403 when the user's role may not use the route. The user is re-read each time, so a deleted account
// or a changed role takes effect at once.
import type { Context, Next } from 'koa';
import type { UserRole } from '../../contract';
import type { AppDeps } from '../../deps';
import { findUserById, publicUser } from './users-queries';
import { AppError } from '../../http/errors';

export function requireUser({ db }: Pick<AppDeps, 'db'>, roles: readonly UserRole[] = ['admin']) {
  return async (ctx: Context, next: Next) => {
    const userId = Number(ctx.session?.userId);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) throw new AppError('unauthenticated', 'Unauthorized');
    if (!roles.includes(user.role)) throw new AppError('forbidden', 'Forbidden');
    ctx.state.user = publicUser(user);
    await next();
  };
}
