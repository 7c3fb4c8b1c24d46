// Checking a setup link and creating the first admin with it. The admin is created only while no account
// exists and the link is unused; the link, and every other printed one, is marked used in the same transaction
// that creates the account.
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { hashPassword } from './password';
import { SETUP_LINK_TTL_MS, hashSetupToken } from './setup-link';
import { claimSetupToken, findSetupToken, lockSetupTokens, retireSetupTokens } from './setup-tokens-queries';
import { recordStaffAction } from '../staff-audit';
import { countUsers, insertUser, signInGrant, type SignInGrant } from './users-queries';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** 410 Gone: the link existed but can no longer be used. */
const linkGone = (message: string) => new AppError('gone', message);

export const SETUP_MESSAGES = {
  invalid: 'This setup link is not valid. Use the link printed when the server started.',
  used: 'This setup link has already been used',
  expired: 'This setup link has expired. Restart the server to print a new one.',
  done: 'An account already exists. Sign in instead.',
} as const;

export interface SetupData {
  token: string;
  name: string;
  email: string;
  password: string;
}

/** Links made at or before this instant have expired. */
const expiredBefore = (clock: Deps['clock']) => new Date(clock().getTime() - SETUP_LINK_TTL_MS).toISOString();

/**
 * Throws 404 for an unknown token, 410 once any account exists (whichever printed link made it: every link dies
 * then, and the page says to sign in), and 410 for a used or expired one.
 */
export async function assertSetupTokenUsable({ db, clock }: Deps, token: string): Promise<void> {
  const row = token ? await findSetupToken(db, hashSetupToken(token)) : undefined;
  if (!row) throw new AppError('not_found', SETUP_MESSAGES.invalid);
  if ((await countUsers(db)) > 0) throw linkGone(SETUP_MESSAGES.done);
  if (row.usedAt) throw linkGone(SETUP_MESSAGES.used);
  if (row.createdAt <= expiredBefore(clock)) throw linkGone(SETUP_MESSAGES.expired);
}

export async function completeSetup(deps: Deps, input: SetupData): Promise<SignInGrant> {
  await assertSetupTokenUsable(deps, input.token);
  // Hashed before the transaction: on SQLite the transaction holds the only connection.
  const passwordHash = await hashPassword(input.password);
  const now = nowIso(deps.clock);
  const user = await deps.db.transaction(async (trx) => {
    // A second use at the same moment, of this link or another, waits here for this one's commit, then finds
    // the admin it made and gets the answer every link gives from then on.
    await lockSetupTokens(trx);
    if ((await countUsers(trx)) > 0) throw linkGone(SETUP_MESSAGES.done);
    if (!(await claimSetupToken(trx, hashSetupToken(input.token), now, expiredBefore(deps.clock)))) throw linkGone(SETUP_MESSAGES.used);
    await retireSetupTokens(trx, now);
    const admin = await insertUser(trx, { email: input.email, name: input.name, role: 'admin', passwordHash }, now);
    await recordStaffAction(trx, deps.clock, {
      actor: { id: admin.id, name: admin.name },
      action: 'user.setup',
      subject: `user:${admin.id}`,
      details: { kind: 'first-run', email: admin.email, name: admin.name },
    });
    return admin;
  });
  return signInGrant(user);
}
