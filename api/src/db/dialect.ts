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
import { deliverRelayedSignals } from './notify';
import { SqliteImmediateClient } from './sqlite-immediate';
import type { SqliteThreadConnection, ThreadJob } from './sqlite-thread';

/** Locks the rows `query` reads from `table` until the transaction ends (PostgreSQL's FOR UPDATE; SQLite: its one writer). */
export function lockedForUpdate(db: Db, query: Knex.QueryBuilder, table: string): Knex.QueryBuilder {
  if (isPostgres(db)) query.forUpdate(table);
  return query;
}

/**
 * Share-locks the rows `query` reads from `table` until the transaction ends: nobody may change them meanwhile,
 * and a change already under way is waited for and the rows read as it left them (PostgreSQL's FOR SHARE, which
 * an update's lock excludes where a foreign key's KEY SHARE does not; SQLite: its one writer).
 */
export function lockedForShare(db: Db, query: Knex.QueryBuilder, table: string): Knex.QueryBuilder {
  if (isPostgres(db)) query.forShare(table);
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

/**
 * Whether a write transaction holds the whole database from its first statement to its commit (SQLite: BEGIN
 * IMMEDIATE and one writer): then what it reads nobody can change before it commits, so reading a key is as good as
 * claiming it. On PostgreSQL another transaction may insert the same key meanwhile, so a key is claimed by inserting it.
 */
export function writesHoldTheDatabase(db: Db): boolean {
  return !isPostgres(db);
}

/** How many write transactions of one queue may be in flight: SQLite has one writer; PostgreSQL overlaps two. */
export function concurrentWriters(db: Db): number {
  return isPostgres(db) ? 2 : 1;
}

/**
 * Work handed over to be done beside the database. `submit` hands one input to a module's job (sqlite-thread.ts's
 * ThreadJob), to be done with the others that reach the database meanwhile, in one batch; `onBatch` hears what the
 * job said of the whole batch (once per batch, before its results), and the batch's signals (db/notify.ts) are
 * delivered here after it; it answers the input's result. `warm` loads the job's module ahead of its first input.
 */
export interface ThreadItemRunner {
  submit(job: ThreadJob, input: unknown, onBatch: (extra: unknown) => void): Promise<unknown>;
  warm(job: ThreadJob): Promise<void>;
}

const threadConnections = new WeakMap<Db, SqliteThreadConnection>();

/**
 * Where work can be handed over to be done beside the database: SQLite, whose write connection lives on a thread
 * of its own (sqlite-thread.ts), where the items wait for the connection and go to their job together. PostgreSQL:
 * none (undefined), the work is done in the process, its statements overlapping other requests' through the pool.
 */
export function threadItemRunnerOf(db: Db): ThreadItemRunner | undefined {
  if (!(db.client instanceof SqliteImmediateClient) || db.isTransaction) return undefined;
  const connectionOf = async (): Promise<SqliteThreadConnection> => {
    const known = threadConnections.get(db);
    if (known?.alive) return known;
    // The pool's one connection (opened or replaced as the pool sees fit): items need it, not a turn of the pool.
    const connection = (await db.client.acquireConnection()) as SqliteThreadConnection;
    db.client.releaseConnection(connection);
    threadConnections.set(db, connection);
    return connection;
  };
  return {
    submit: async (job, input, onBatch) => {
      const connection = await connectionOf();
      return new Promise((resolve, reject) =>
        connection.submitItem(job, input, {
          // The job's own first (the process holds the events it wrote), then the signals announcing them.
          onBatch: (extra, signals) => {
            onBatch(extra);
            deliverRelayedSignals(db, signals);
          },
          onResult: resolve,
          onError: reject,
        }),
      );
    },
    warm: async (job) => (await connectionOf()).warm(job),
  };
}

/**
 * Limits `query` to the rows the trigram search index proposes for `term` (3 characters or more), each of
 * which the caller's LIKE then checks. SQLite: the FTS5 table `index.ftsTable` (trigram tokenizer, its rowid
 * the row's id) is asked for the term as one phrase, which it matches as a case-folded substring of a column;
 * the term is lowered as a LIKE pattern is, and FTS5 folds at least the letters lower() does, so every row
 * the LIKE accepts is a candidate. PostgreSQL: a term with a run of three letters or digits needs nothing
 * added, since the pg_trgm GIN indexes are on the very expressions the LIKE compares and its planner picks
 * them by itself; any other term (pg_trgm has no word of it to look up) asks migration 062's index of the
 * three-character sequences that hold a non-alphanumeric character for the leads holding all of the term's.
 * `index.chars` is that index's expression over the row, as the migration wrote it.
 */
export function whereTrigramCandidates(db: Db, query: Knex.QueryBuilder, index: { idColumn: string; ftsTable: string; chars: string }, term: string): void {
  const lowered = term.toLowerCase();
  if (isPostgres(db)) {
    if (!PG_TRGM_WORD.test(lowered)) query.whereRaw(`${index.chars} @> lead_symbol_trigrams(?::text)`, [lowered]);
    return;
  }
  const phrase = `"${lowered.replace(/"/g, '""')}"`;
  query.whereRaw('?? in (select rowid from ?? where ?? match ?)', [index.idColumn, index.ftsTable, index.ftsTable, phrase]);
}

/** A run of three letters or digits: a trigram pg_trgm's index can look up for a LIKE '%term%'. */
const PG_TRGM_WORD = /[\p{L}\p{N}]{3}/u;

/**
 * After personal data was deleted from `tables` and the deletion committed: what each engine needs so the old
 * rows are gone from its files too, not only from sight. Call it outside any transaction.
 * - SQLite moves every page out of its write-ahead log and truncates the log, whose old frames would otherwise
 *   keep the deleted rows until overwritten (the database file itself already holds zeros where they were:
 *   secure_delete, sqlite-connection-setup.ts; the search index really deletes, migration 068). Best effort: a
 *   reader in the middle of a read keeps the log for a moment, and the next erasure or checkpoint finishes it.
 * - PostgreSQL keeps a deleted row's old version in the table, and its entries in every index, until a VACUUM
 *   (autovacuum comes when a table has enough dead rows, which one person never makes). A plain VACUUM of the
 *   tables (not FULL: it takes no lock that stops reads or writes) removes the dead versions, and its
 *   INDEX_CLEANUP ON makes it remove their index entries too: left to itself, VACUUM skips the indexes when
 *   fewer than 2% of a table's pages have dead rows, which is every erasure. Best effort as well: a
 *   transaction older than the deletion, still open anywhere in the database, keeps the versions it may see
 *   until it ends, and the next VACUUM (ours or autovacuum's) removes them. What VACUUM cannot reach is in
 *   docs/security.md (point 19).
 */
export async function flushDeletedData(db: Db, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    await db.raw('pragma wal_checkpoint(truncate)');
    return;
  }
  if (tables.length === 0) return;
  await db.raw(`vacuum (index_cleanup on) ${tables.map(() => '??').join(', ')}`, [...tables]);
}
