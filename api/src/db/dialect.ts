// Every difference between the two engines the product runs on, each behind one named helper: the modules say
// what they need (this row locked for the rest of the transaction, this work done by one process at a time)
// and only this folder knows how each engine gives it. `npm run lint:imports` refuses `engine.ts` anywhere else.
//
// SQLite has one writer: a write transaction holds the database's write lock from its first write to its
// commit, for this process's one connection and for other processes alike, so what PostgreSQL needs a row
// lock or an advisory lock for is already serialised there.
import type { Knex } from 'knex';
import { isPostgres } from './engine';
import type { Db } from './knex';

/** Locks the rows `query` reads from `table` until the transaction ends (PostgreSQL's FOR UPDATE; SQLite: its one writer). */
export function lockedForUpdate(db: Db, query: Knex.QueryBuilder, table: string): Knex.QueryBuilder {
  if (isPostgres(db)) query.forUpdate(table);
  return query;
}

/**
 * Makes the rest of transaction `trx` the only one holding these keys (PostgreSQL: transaction-scoped advisory
 * locks, taken in ascending order so two transactions cannot deadlock; SQLite: nothing to do).
 */
export async function lockKeysForTransaction(trx: Db, keys: readonly bigint[]): Promise<void> {
  if (!isPostgres(trx) || keys.length === 0) return;
  const sorted = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 1) await trx.raw('select pg_advisory_xact_lock(?)', [String(sorted[0])]);
  else await trx.raw('select pg_advisory_xact_lock(k) from unnest(?::bigint[]) as t(k)', [sorted.map(String)]);
}

/**
 * Runs `work` so that no other process runs work under the same key at the same time: on PostgreSQL in a
 * transaction holding the key's advisory lock; on SQLite as it is (its statements already take turns).
 */
export async function oneAtATime<T>(db: Db, key: bigint, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.transaction(async (trx) => {
    await lockKeysForTransaction(trx, [key]);
    return work(trx);
  });
}

/** How many write transactions of one queue may be in flight: SQLite has one writer; PostgreSQL overlaps two. */
export function concurrentWriters(db: Db): number {
  return isPostgres(db) ? 2 : 1;
}

/**
 * Whether the leads' search index is a table of its own that a query must join (SQLite's FTS5 table), rather
 * than indexes on the very expressions the search compares, which the planner uses by itself (PostgreSQL).
 */
export function searchIndexIsSeparateTable(db: Db): boolean {
  return !isPostgres(db);
}

/**
 * After personal data was deleted: SQLite moves every page out of its write-ahead log and truncates the log,
 * whose old frames would otherwise keep the deleted rows until overwritten (the database file itself already
 * holds zeros where they were: secure_delete, knex.ts). Best effort: a reader in the middle of a read keeps
 * the log for a moment, and the next erasure or the next checkpoint finishes the job. PostgreSQL keeps dead row
 * versions until (auto)vacuum; nothing here forces it (docs/security.md).
 */
export async function flushDeletedData(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await db.raw('pragma wal_checkpoint(truncate)');
}
