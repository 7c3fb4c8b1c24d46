// Sign-in throttling: at most 5 failures for one e-mail and 20 for one IP address within
// 15 minutes; past that, 429 with the minutes to wait. An attempt is written before its password is checked,
// so a burst of parallel guesses is counted while the slow hash runs; a success clears that e-mail's count.
// Each attempt is counted and recorded atomically (see admitAttempt).
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { atMostEvery } from '../../lib/recurring';
import {
  countAttemptsSince, deleteAttemptsBefore, deleteAttemptsForEmail, insertAttempt, lockAttempts, nthRecentAttemptAt,
  type AttemptKey,
} from './login-attempts-queries';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
const sweepDue = atMostEvery(10 * 60 * 1000);

type Deps = Pick<AppDeps, 'db' | 'clock'>;

class OverLimit extends Error {}

/**
 * Records this attempt, then throws 429 when it went past the e-mail's or the address's limit (and the
 * attempt is not kept). Recording and counting are one transaction under a lock, so 25 parallel guesses get
 * at most 5 tries, never 25 that each counted before any was recorded.
 */
export async function admitAttempt({ db, clock }: Deps, email: string, ip: string): Promise<void> {
  const now = clock().getTime();
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const limits: [AttemptKey, number][] = [
    [{ email }, MAX_FAILURES_PER_EMAIL],
    [{ ip }, MAX_FAILURES_PER_IP],
  ];
  try {
    await db.transaction(async (trx) => {
      await lockAttempts(trx);
      await insertAttempt(trx, email, ip, new Date(now).toISOString());
      for (const [key, limit] of limits) {
        // This attempt is among those counted: more than `limit` means the ones before had used them up.
        if ((await countAttemptsSince(trx, key, since)) > limit) throw new OverLimit();
      }
    });
  } catch (err) {
    if (!(err instanceof OverLimit)) throw err;
    throw await tooManyAttempts(db, limits, since, now);
  }
  // Rows older than the window count for nothing; they are cleared at most every ten minutes per process.
  if (sweepDue.due(db, now)) await deleteAttemptsBefore(db, since);
}

/** The 429, telling when the first of the used-up limits frees an attempt again. */
async function tooManyAttempts(db: Deps['db'], limits: [AttemptKey, number][], since: string, now: number): Promise<AppError> {
  let retryAfterMs = 0;
  for (const [key, limit] of limits) {
    if ((await countAttemptsSince(db, key, since)) < limit) continue;
    // Once the limit-th most recent failure leaves the window, one attempt is free again.
    const at = await nthRecentAttemptAt(db, key, since, limit);
    const freeAt = at ? new Date(at).getTime() + LOGIN_WINDOW_MS : now + LOGIN_WINDOW_MS;
    retryAfterMs = Math.max(retryAfterMs, freeAt - now);
  }
  const seconds = Math.max(1, Math.ceil((retryAfterMs || LOGIN_WINDOW_MS) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds: seconds },
  );
}

export async function clearFailures({ db }: Deps, email: string): Promise<void> {
  await deleteAttemptsForEmail(db, email);
}
