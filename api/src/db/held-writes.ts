// Writes a transaction sends together at its end, on PostgreSQL. What follows a group commit's records (a roll-up
// bump, a CRM job, a live signal, the idempotency answers) needs no answer back, and each statement sent alone
// costs the batch a round trip, which at 50 connections waits for an event loop busy reading the next requests:
// about 2.5 ms a statement, most of a batch's time (docs/performance.md, "Intake", and the Log's twelfth
// session). Held, they go as one statement just before the transaction's owner commits: each write a part of one
// WITH, which PostgreSQL runs exactly once and to completion whether or not the statement reads it, and each
// signal a column of its SELECT. On SQLite a write runs at once: there its statements are calls on the writes'
// thread, with no round trip to save.
import type { Knex } from 'knex';
import { isPostgres } from './engine';

interface HeldWrite {
  sql: string;
  bindings: readonly unknown[];
  /** The table it changes; null for a SELECT (a signal), which changes none. */
  table: string | null;
}

const heldBy = new WeakMap<Knex.Transaction, HeldWrite[]>();

/** What the owner of a transaction that holds writes calls before it commits. */
export interface HeldWrites {
  /** Sends what is held, as one statement, and holds nothing from now on: every later write runs at once. */
  flush(): Promise<void>;
}

/**
 * From now until `flush`, the writes given to `writeInTransaction(trx, …)` wait to be sent together. The caller
 * promises to flush before it commits: a write that was never sent was never made. A transaction nested in `trx`
 * (a savepoint that may roll back alone) holds nothing: its writes run at once.
 */
export function holdWrites(trx: Knex.Transaction): HeldWrites {
  if (!isPostgres(trx)) return { flush: async () => {} };
  const held: HeldWrite[] = [];
  heldBy.set(trx, held);
  return {
    flush: async () => {
      heldBy.delete(trx);
      await sendTogether(trx, held.splice(0));
    },
  };
}

/**
 * Makes a write whose result nobody reads: held when `db` is a transaction that holds writes (holdWrites), else
 * at once. Anything the statement could not join a WITH as (not an INSERT, UPDATE, DELETE or SELECT, or with a
 * list or an object among its values, which Knex's raw statements would spread) runs at once, after what is held.
 */
export async function writeInTransaction(db: Knex, query: Knex.QueryBuilder | Knex.Raw): Promise<void> {
  const held = db.isTransaction ? heldBy.get(db as Knex.Transaction) : undefined;
  if (!held) {
    await query;
    return;
  }
  const { sql, bindings } = query.toSQL();
  const write = { sql, bindings, table: tableOf(sql) };
  const joinable = write.table !== undefined && bindings.every((value) => value === null || typeof value !== 'object' || value instanceof Date);
  // PostgreSQL leaves it undefined which change wins when one statement changes a row twice: a second write to a
  // table goes in the next statement.
  if (!joinable || (write.table !== null && held.some((h) => h.table === write.table))) {
    await sendTogether(db, held.splice(0));
  }
  if (!joinable) await query;
  else held.push(write as HeldWrite);
}

/** The table an INSERT, UPDATE or DELETE changes, null for a SELECT, undefined for anything else. */
function tableOf(sql: string): string | null | undefined {
  if (/^\s*select\b/i.test(sql)) return null;
  const match = /^\s*(?:insert\s+into|update|delete\s+from)\s+("(?:[^"]|"")+"|\w+)/i.exec(sql);
  return match ? match[1]! : undefined;
}

async function sendTogether(db: Knex, writes: HeldWrite[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await db.raw(writes[0]!.sql, writes[0]!.bindings as Knex.RawBinding[]);
    return;
  }
  const changes = writes.filter((w) => w.table !== null);
  const selects = writes.filter((w) => w.table === null);
  // Bindings in the order their placeholders appear: the WITH parts first, then the SELECT's columns.
  const sql =
    (changes.length ? `with ${changes.map((w, i) => `held_${i} as (${w.sql})`).join(', ')} ` : '') +
    `select ${selects.length ? selects.map((w) => `(${w.sql})`).join(', ') : '1'}`;
  await db.raw(sql, [...changes, ...selects].flatMap((w) => w.bindings) as Knex.RawBinding[]);
}
