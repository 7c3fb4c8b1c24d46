// Sign-in: throttled, and as slow for an unknown e-mail as for a known one, so neither the answer nor its
// timing tells a caller which e-mails have accounts.
import { normaliseEmail, type CurrentUser } from '../../contract';
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { admitAttempt, clearFailures } from './login-throttle';
import { hashesFull, hashPassword, needsRehash, signInsBusy, spendVerifyTime, verifyPassword } from './password';
import { canSignInWithPassword, findUserByEmail, findUserById, isActive, publicUser, replacePasswordHash, signInGrant, type SignInGrant } from './users-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'> & { config: Pick<AppDeps['config'], 'signIn'> };

export interface LoginCredentials {
  email: string;
  password: string;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * The ip is the client's address as Koa sees it (X-Forwarded-For only when TRUST_PROXY is set). The password hash
 * waits its turn at the process's one gate; beyond LOGIN_MAX_QUEUED_HASHES waiting, 503, which costs no attempt. The grant names
 * the hash that was verified: the session is stored only while it is still the account's (startUserSession).
 */
export async function authenticate(deps: Deps, input: LoginCredentials, ip: string): Promise<SignInGrant> {
  const email = normaliseEmail(input.email);
  const { maxQueuedHashes } = deps.config.signIn;
  if (hashesFull(maxQueuedHashes)) throw signInsBusy();
  await admitAttempt(deps, email, ip);

  const found = await findUserByEmail(deps.db, email);
  // An account no password can sign in (invited, deactivated, waiting on a password reset) costs the same time
  // as an unknown e-mail and gets the same answer: neither tells a caller which e-mails have accounts, nor in
  // which state.
  const user = found && canSignInWithPassword(found) ? found : undefined;
  const ok = await (user ? verifyPassword(input.password, user.passwordHash, maxQueuedHashes) : spendVerifyTime(input.password, maxQueuedHashes));
  if (!user || !ok) throw new AppError('unauthenticated', INVALID_CREDENTIALS);

  await clearFailures(deps, email);
  if (needsRehash(user.passwordHash)) {
    // The cost was raised since this hash was made: upgrade it now that the password is known, unless the
    // password changed while it was being checked (a reset must not get the old password back).
    const upgraded = await hashPassword(input.password);
    if (await replacePasswordHash(deps.db, user.id, user.passwordHash, upgraded, nowIso(deps.clock))) return signInGrant({ ...user, passwordHash: upgraded });
  }
  return signInGrant(user);
}

/** The signed-in user, re-read so a deleted or deactivated account or a changed role counts at once. */
export async function currentUser({ db }: Pick<AppDeps, 'db'>, userId: number | null): Promise<CurrentUser | undefined> {
  const user = userId ? await findUserById(db, userId) : undefined;
  return user && isActive(user) ? publicUser(user) : undefined;
}
