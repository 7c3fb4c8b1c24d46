// Sign-in throttling (contract §3): at most 5 failures for one e-mail and 20 for one IP address within
// 15 minutes; past that, 429 with the minutes to wait. An attempt is written before its password is checked,
// so a burst of parallel guesses is counted while the slow hash runs; a success clears that e-mail's count.
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import {
  countAttemptsSince, deleteAttemptsBefore, deleteAttemptsForEmail, insertAttempt, nthRecentAttemptAt, type AttemptKey,
} from './login-attempts-queries';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Throws 429 when the e-mail or the address has used up its attempts for now. */
export async function assertLoginAllowed({ db, clock }: Deps, email: string, ip: string): Promise<void> {
  const now = clock().getTime();
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const limits: [AttemptKey, number][] = [
    [{ email }, MAX_FAILURES_PER_EMAIL],
    [{ ip }, MAX_FAILURES_PER_IP],
  ];
  let retryAfterMs = 0;
  for (const [key, limit] of limits) {
    if ((await countAttemptsSince(db, key, since)) < limit) continue;
    // Once the limit-th most recent failure leaves the window, one attempt is free again.
    const at = await nthRecentAttemptAt(db, key, since, limit);
    const freeAt = at ? new Date(at).getTime() + LOGIN_WINDOW_MS : now + LOGIN_WINDOW_MS;
    retryAfterMs = Math.max(retryAfterMs, freeAt - now);
  }
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'rate_limited',
      `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      { retryAfterSeconds: seconds },
    );
  }
}

let lastSweep = 0;

/** Counts an attempt as a failure until `clearFailures` says otherwise. */
export async function recordAttempt({ db, clock }: Deps, email: string, ip: string): Promise<void> {
  const now = clock().getTime();
  await insertAttempt(db, email, ip, new Date(now).toISOString());
  // Rows older than the window count for nothing; they are cleared at most every ten minutes per process.
  if (now - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = now;
    await deleteAttemptsBefore(db, new Date(now - LOGIN_WINDOW_MS).toISOString());
  }
}

export async function clearFailures({ db }: Deps, email: string): Promise<void> {
  await deleteAttemptsForEmail(db, email);
}
