// Group commit for the submission endpoints. Requests that arrive while a transaction is being written wait
// in a queue; the next transaction takes all of them (up to MAX_BATCH) and stores them together: it claims
// their Idempotency-Keys (PostgreSQL: by inserting them; SQLite, whose write transaction holds the database: by
// reading them), stores their entities with multi-row statements, records every answer against its key, and
// commits once. Each request is answered only after that commit. The claim lives inside the storing
// transaction, so it can never outlive it: a process killed mid-write leaves no trace of the request, and its
// resend is processed afresh. A duplicate of a key that another transaction is storing waits for that commit
// (PostgreSQL: the primary key holds the second insert; SQLite: the second transaction's BEGIN IMMEDIATE waits)
// and is then answered with the stored answer.
//
// One failing item must not fail the others: when a shared transaction fails, each of its items is retried in
// a transaction of its own, so only the faulty one gets the error.
//
// On SQLite the submission pipeline's group commit runs on the database's own thread, beside its connection
// (pipeline/submissions.ts): the same class, fed there with every request that reached the thread meanwhile.
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { concurrentWriters, writesHoldTheDatabase } from '../db/dialect';
import { holdWrites } from '../db/held-writes';
import { AppError } from '../http/errors';
import { claimKeys, completeKeys, findKeys, type KeyRow } from './idempotency-queries';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface Outcome extends StoredAnswer {
  replayed: boolean;
}

/** What a batch's store answers: one answer per payload, in order, and what it hands on to after the commit. */
export interface StoredBatch<A> {
  answers: StoredAnswer[];
  after: A;
}

/** Stores the payloads in the caller's transaction and answers for each, in the same order. */
export type StoreMany<P, A> = (trx: Knex.Transaction, payloads: P[]) => Promise<StoredBatch<A>>;

/** What takes a submission and answers once it is stored, or replays its stored answer. */
export interface SubmissionWriter<P> {
  submit(submission: Submission<P>): Promise<Outcome>;
}

export interface Submission<P> {
  key: string | undefined;
  /** SHA-256 of the validated request: tells a true retry from another request under the same key. */
  hash: string;
  payload: P;
  nowIso: string;
}

interface Pending<P> extends Submission<P> {
  resolve: (outcome: Outcome) => void;
  reject: (err: unknown) => void;
  /** How often this item found its key claimed and gone again (a failed first attempt freed it). */
  rereads: number;
}

/** Large enough to absorb a burst in a few transactions, small enough for SQLite's bound-variable limit. */
const MAX_BATCH = 100;
/**
 * SQLite has one connection and one writer, so one transaction at a time. PostgreSQL overlaps two: one is
 * sent while the other waits for its commit; more would only queue on the roll-up row both update.
 */
const concurrentFlushes = concurrentWriters;

export class GroupCommit<P, A = undefined> implements SubmissionWriter<P> {
  private queue: Pending<P>[] = [];
  private running = 0;

  /**
   * `committed` runs after each commit, before anyone is answered (never for a transaction that rolled back),
   * with what the store handed on and how many submissions the transaction stored.
   */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly storeMany: StoreMany<P, A>,
    private readonly committed?: (after: A, stored: number) => void,
  ) {}

  submit(submission: Submission<P>): Promise<Outcome> {
    return this.submitMany([submission])[0]!;
  }

  /** Submissions that arrived together: queued all at once, so that they share their first transaction. */
  submitMany(submissions: readonly Submission<P>[]): Promise<Outcome>[] {
    const outcomes = submissions.map((submission) => new Promise<Outcome>((resolve, reject) => this.queue.push({ ...submission, resolve, reject, rereads: 0 })));
    this.pump();
    return outcomes;
  }

  private pump(): void {
    while (this.running < concurrentFlushes(this.db) && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.running++;
      void this.flush(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The next items, at most one per key: a second request under a key waits for the first one's answer. */
  private takeBatch(): Pending<P>[] {
    const batch: Pending<P>[] = [];
    const rest: Pending<P>[] = [];
    const keys = new Set<string>();
    for (const item of this.queue) {
      if (batch.length >= MAX_BATCH || (item.key !== undefined && keys.has(item.key))) {
        rest.push(item);
        continue;
      }
      if (item.key !== undefined) keys.add(item.key);
      batch.push(item);
    }
    this.queue = rest;
    return batch;
  }

  private async flush(batch: Pending<P>[]): Promise<void> {
    let result: Awaited<ReturnType<GroupCommit<P, A>['write']>>;
    try {
      result = await this.db.transaction((trx) => this.write(trx, batch));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Isolate the faulty item: every item gets a transaction of its own and its own answer.
      await Promise.all(batch.map((item) => this.flush([item])));
      return;
    }
    if (result.stored.length) this.committed?.(result.after as A, result.stored.length);
    result.stored.forEach((item, i) => item.resolve({ ...result.answers[i]!, replayed: false }));
    if (result.taken.length > 0) await this.answerTaken(result.taken, result.found);
  }

  private async write(trx: Knex.Transaction, batch: Pending<P>[]) {
    // On PostgreSQL the roll-up, the followers' jobs and signals and the answers go in one statement before the
    // commit (db/held-writes.ts): each statement sent alone costs the batch a round trip.
    const held = holdWrites(trx);
    const keyed = batch.filter((item) => item.key !== undefined);
    const { claimed, found } = keyed.length ? await this.claim(trx, keyed) : { claimed: new Set<string>(), found: undefined };
    const stored = batch.filter((item) => item.key === undefined || claimed.has(item.key));
    const taken = batch.filter((item) => item.key !== undefined && !claimed.has(item.key));
    const { answers, after } = stored.length ? await this.storeMany(trx, stored.map((item) => item.payload)) : { answers: [], after: undefined };
    const done = stored.flatMap((item, i) => (item.key === undefined ? [] : [{ key: item.key, hash: item.hash, nowIso: item.nowIso, answer: answers[i]! }]));
    if (done.length) await completeKeys(trx, this.scope, done);
    await held.flush();
    return { stored, answers, after, taken, found };
  }

  /**
   * Claims the items' keys for this transaction: the set it claimed, and the rows of the others when it read them.
   * Where a write transaction holds the whole database (SQLite) the keys' rows are only read: a key without one is
   * this transaction's until it commits, and the rows found answer the other items without a second read. The read
   * costs a batch 91 µs where the insert took 470–630 (docs/performance.md), on the one writer that bounds
   * SQLite's intake. Elsewhere the keys are inserted as `processing`, in key order, so that two transactions
   * sharing keys lock them in the same order.
   */
  private async claim(trx: Knex.Transaction, keyed: Pending<P>[]): Promise<{ claimed: Set<string>; found?: Map<string, KeyRow> }> {
    if (writesHoldTheDatabase(trx)) {
      const found = await findKeys(trx, this.scope, keyed.map((item) => item.key!));
      return { claimed: new Set(keyed.filter((item) => !found.has(item.key!)).map((item) => item.key!)), found };
    }
    keyed.sort((a, b) => (a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0));
    const claims = keyed.map((item) => ({ key: item.key!, hash: item.hash, nowIso: item.nowIso }));
    return { claimed: await claimKeys(trx, this.scope, claims) };
  }

  /**
   * Items whose key was already stored: the stored answer for the same request, 422 for another one. `known` are
   * the keys' rows as the claiming transaction read them, when it did: the answers stored when it committed.
   */
  private async answerTaken(items: Pending<P>[], known?: Map<string, KeyRow>): Promise<void> {
    let rows;
    try {
      rows = known ?? (await findKeys(this.db, this.scope, items.map((item) => item.key!)));
    } catch (err) {
      for (const item of items) item.reject(err);
      return;
    }
    const retry: Pending<P>[] = [];
    for (const item of items) {
      const row = rows.get(item.key!);
      if (row && row.requestHash !== item.hash) {
        item.reject(new AppError('idempotency_mismatch', 'This Idempotency-Key was already used with a different request body'));
      } else if (row?.state === 'done') {
        item.resolve({ status: row.responseStatus ?? 200, body: replayBody(row), replayed: true });
      } else if (row || item.rereads >= 3) {
        // A claim is only ever visible once its transaction has committed it as done, so neither is expected.
        item.reject(inProgress());
      } else {
        // The key was freed (its first transaction rolled back, or it was purged): process the request afresh.
        item.rereads++;
        retry.push(item);
      }
    }
    if (retry.length) {
      this.queue.push(...retry);
      this.pump();
    }
  }
}

/** The stored answer; once its body has been dropped, the record's id (all a client needs to know it arrived). */
function replayBody(row: KeyRow): unknown {
  if (row.responseBody !== null) return JSON.parse(row.responseBody);
  return row.recordId === null ? null : { id: row.recordId };
}

export function inProgress() {
  return new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
}

/** One queue per database and scope, shared by every request of this process. */
export function groupCommitFor<P>(registry: WeakMap<Db, GroupCommit<P>>, db: Db, scope: string, storeMany: StoreMany<P, undefined>): GroupCommit<P> {
  let writer = registry.get(db);
  if (!writer) {
    writer = new GroupCommit(db, scope, storeMany);
    registry.set(db, writer);
  }
  return writer;
}
