// The one rule that keeps the product administrable: there is always at least one active admin. Checked inside
// the transaction that would demote or deactivate an admin, with the active admins' rows locked, so two admins
// demoting each other at the same moment cannot both succeed: the second waits for the first's commit, then sees
// one admin left and is refused.
import type { Db } from '../../db/knex';
import { AppError } from '../../http/errors';
import { lockActiveAdmins } from '../auth';

export const LAST_ADMIN_MESSAGE = 'There must always be at least one active admin. Make someone else an admin first.';

/** Throws 409 when `userId` is the only active admin; call it in the transaction that makes them stop being one. */
export async function assertNotLastActiveAdmin(trx: Db, userId: number): Promise<void> {
  const admins = await lockActiveAdmins(trx);
  if (admins.includes(userId) && admins.length <= 1) throw new AppError('conflict', LAST_ADMIN_MESSAGE);
}
