// A queue table whose jobs several server processes share: each due job is handed to exactly one worker, which
// holds it under a lease; a worker that died mid-job loses it once the lease is over, and another takes it on.
// The CRM sync (crm_sync_jobs) and the mail queue (mail_messages) are such tables, with the columns this needs:
//   state            'pending' (waits for next_attempt_at), 'running' (claimed), or any state of their own
//   next_attempt_at  when a pending job is due
//   attempts         counted by each claim
//   locked_by, locked_at  the claim: which worker, since when
// Every statement compiles to the same meaning on SQLite and PostgreSQL. A job is taken by an UPDATE that checks
// again, in the same statement, that it is still due (and whatever else the queue asks); SQLite runs one
// statement at a time across processes, so that check and the claim are one step, while PostgreSQL claimers
// take turns under a transaction-scoped advisory lock, since their transactions would not see each other's.
import type { Knex } from 'knex';
import { oneAtATime } from './dialect';
import type { Db } from './knex';

export interface LeaseQueue {
  table: string;
  /** Any number naming the claim's advisory lock on PostgreSQL, one per queue. */
  lockKey: bigint;
}

export interface ClaimOptions {
  workerId: string;
  now: Date;
  /** A claim older than this is stale: its worker is taken for dead. */
  leaseMs: number;
  /** Jobs taken at most. */
  limit: number;
  /** Due jobs looked at per claim: enough to get past those `exclude` keeps waiting. */
  candidates?: number;
  /**
   * A condition, in SQL over the queue's row, under which a due job must still wait (the CRM: another live claim
   * syncs its contact); given the stale claims' cut-off, for conditions that ask about live claims.
   */
  exclude?: (staleIso: string) => { sql: string; bindings: readonly Knex.Value[] };
}

/** Due: pending and its time has come, or running under a claim older than the lease (its process died). */
function whereDue(q: Knex.QueryBuilder, nowIso: string, staleIso: string): Knex.QueryBuilder {
  return q.where((w) =>
    w
      .where((p) => p.where('state', 'pending').andWhere('next_attempt_at', '<=', nowIso))
      .orWhere((r) => r.where('state', 'running').andWhere('locked_at', '<', staleIso)),
  );
}

/**
 * Takes up to `limit` due jobs of `queue` for `workerId`, oldest due first, and counts the attempt; answers the
 * claimed rows as the claim left them.
 */
export async function claimDue(db: Db, queue: LeaseQueue, options: ClaimOptions): Promise<Record<string, unknown>[]> {
  const nowIso = options.now.toISOString();
  const staleIso = new Date(options.now.getTime() - options.leaseMs).toISOString();
  const claim = { state: 'running', locked_by: options.workerId, locked_at: nowIso, updated_at: nowIso, attempts: db.raw('attempts + 1') };
  const exclude = options.exclude?.(staleIso);
  const take = async (trx: Db): Promise<Record<string, unknown>[]> => {
    const candidates = (await whereDue(trx(queue.table).select('id'), nowIso, staleIso)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.candidates ?? options.limit)) as { id: number }[];
    const taken: Record<string, unknown>[] = [];
    for (const { id } of candidates) {
      if (taken.length >= options.limit) break;
      const update = whereDue(trx(queue.table).where({ id }), nowIso, staleIso);
      if (exclude) update.whereRaw(`not ${exclude.sql}`, [...exclude.bindings]);
      const [row] = await update.update(claim).returning('*');
      if (row) taken.push(row as Record<string, unknown>);
    }
    return taken;
  };
  return oneAtATime(db, queue.lockKey, take);
}

/** Ends a claim with `patch` (its new state and what goes with it); false when the claim was lost meanwhile. */
export async function finishClaim(db: Knex, table: string, id: number, workerId: string, patch: Record<string, unknown>): Promise<boolean> {
  const n = await db(table)
    .where({ id, locked_by: workerId, state: 'running' })
    .update({ locked_by: null, locked_at: null, ...patch });
  return n === 1;
}

/** How long an idle worker may sleep: until the next pending job is due, at most `pollMs` (at least 5 ms). */
export async function msUntilNextDue(db: Db, table: string, now: Date, pollMs: number): Promise<number> {
  try {
    const row = await db(table).min({ next: 'next_attempt_at' }).where('state', 'pending').first();
    const next = row?.next ? new Date(row.next as string | Date).getTime() : NaN;
    if (Number.isNaN(next)) return pollMs;
    return Math.max(5, Math.min(pollMs, next - now.getTime()));
  } catch {
    return pollMs;
  }
}

/** Calls `signal` once `db`'s transaction commits (never if it rolls back), or at once when `db` is not a transaction. */
export function afterCommit(db: Knex, signal: () => void): void {
  const trx = db as unknown as Partial<Knex.Transaction>;
  if (trx.isTransaction && trx.executionPromise) trx.executionPromise.then(signal, () => undefined);
  else signal();
}

/** Jobs waiting in `table` (pending or running) and the age of the oldest, in seconds: what /metrics shows per queue. */
export async function queueBacklog(db: Db, table: string, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = (await db(table).whereIn('state', ['pending', 'running']).count({ n: '*' }).min({ oldest: 'created_at' }).first()) as { n: number | string; oldest: string | Date | null } | undefined;
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : NaN;
  return { depth: Number(row?.n ?? 0), oldestAgeSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
}
