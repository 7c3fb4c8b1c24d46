// Failed sign-ins, counted in the database (never in memory) so every API process sees the same numbers.
// Timestamps are ISO strings on both engines; on SQLite they compare as text in time order.
import type { Db } from '../../db/knex';
import { lockKeysForTransaction } from '../../db/dialect';
import { toIso } from '../../db/types';

export type AttemptKey = { email: string } | { ip: string };

export async function countAttemptsSince(db: Db, key: AttemptKey, sinceIso: string): Promise<number> {
  const row = await db('login_attempts').where(key).andWhere('created_at', '>', sinceIso).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The time of the n-th most recent attempt (n from 1) since `sinceIso`; undefined when there are fewer. */
export async function nthRecentAttemptAt(db: Db, key: AttemptKey, sinceIso: string, n: number): Promise<string | undefined> {
  const row = await db('login_attempts')
    .where(key)
    .andWhere('created_at', '>', sinceIso)
    .orderBy('created_at', 'desc')
    .offset(n - 1)
    .first('created_at');
  return row ? toIso(row.created_at) : undefined;
}

// Any constant works: it names the one PostgreSQL advisory lock that sign-in throttling takes.
const LOGIN_ATTEMPTS_LOCK = 0x6c6f_6769n;

/**
 * Makes the rest of `trx` the only one counting and recording sign-in attempts, so a count and the insert it
 * allows cannot interleave with another request's. PostgreSQL: a transaction-scoped advisory lock (under
 * READ COMMITTED two transactions would otherwise each miss the other's uncommitted row). SQLite: nothing to
 * do, because the transaction's first statement is the insert, which takes the database's write lock until
 * commit, for this process's one connection and for other processes alike.
 */
export async function lockAttempts(trx: Db): Promise<void> {
  await lockKeysForTransaction(trx, [LOGIN_ATTEMPTS_LOCK]);
}

export async function insertAttempt(db: Db, email: string, ip: string, nowIso: string): Promise<void> {
  await db('login_attempts').insert({ email, ip, created_at: nowIso });
}

export async function deleteAttemptsForEmail(db: Db, email: string): Promise<void> {
  await db('login_attempts').where({ email }).delete();
}

export async function deleteAttemptsBefore(db: Db, beforeIso: string): Promise<number> {
  return db('login_attempts').where('created_at', '<=', beforeIso).delete();
}
