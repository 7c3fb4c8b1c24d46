// Group commit for the submission endpoints. Requests that arrive while a transaction is being written wait
// in a queue; the next transaction takes all of them (up to MAX_BATCH) and stores them together: it claims
// their Idempotency-Keys, stores their entities with multi-row statements, records every answer against its
// key, and commits once. Each request is answered only after that commit. The claim lives inside the storing
// transaction, so it can never outlive it: a process killed mid-write leaves no trace of the request, and its
// resend is processed afresh. A duplicate of a key that another transaction is storing waits for that commit
// (the primary key makes the database hold the second insert) and is then answered with the stored answer.
//
// One failing item must not fail the others: when a shared transaction fails, each of its items is retried in
// a transaction of its own, so only the faulty one gets the error.
//
// Where the transaction runs is the writer's business (WriteBatch): in this process, or, for the submission
// pipeline on SQLite, as one job on the database's own thread (pipeline/submissions.ts); writeBatchIn is the
// transaction itself, the same wherever it runs.
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { concurrentWriters } from '../db/dialect';
import { AppError } from '../http/errors';
import { claimKeys, completeKeys, findKeys, type KeyRow } from './idempotency-queries';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface Outcome extends StoredAnswer {
  replayed: boolean;
}

/** What a batch's store answers: one answer per payload, in order, and what its writer hands on to after the commit. */
export interface StoredBatch<A> {
  answers: StoredAnswer[];
  after: A;
}

/** Stores the payloads in the caller's transaction and answers for each, in the same order. */
export type StoreMany<P, A> = (trx: Knex.Transaction, payloads: P[]) => Promise<StoredBatch<A>>;

/** What one batch's transaction did, once it has committed. */
export interface BatchWrite<A> {
  /** For each item of the batch, in order: stored by this transaction (true), or its key was taken already (false). */
  stored: boolean[];
  /** One answer per stored item, in order. */
  answers: StoredAnswer[];
  /** The store's `after`, or undefined when nothing was stored. */
  after: A | undefined;
}

/** Runs one batch's transaction (writeBatchIn) and answers once it has committed. */
export type WriteBatch<P, A> = (batch: Submission<P>[]) => Promise<BatchWrite<A>>;

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

export class GroupCommit<P, A = undefined> {
  private queue: Pending<P>[] = [];
  private running = 0;

  /**
   * `committed` runs after each commit, before anyone is answered (never for a transaction that rolled back),
   * with the store's `after` and how many items the transaction stored.
   */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly write: WriteBatch<P, A>,
    private readonly committed?: (after: A, stored: number) => void,
  ) {}

  submit(submission: Submission<P>): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ ...submission, resolve, reject, rereads: 0 });
      this.pump();
    });
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
    let result: BatchWrite<A>;
    try {
      result = await this.write(batch.map(({ key, hash, payload, nowIso }) => ({ key, hash, payload, nowIso })));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Isolate the faulty item: every item gets a transaction of its own and its own answer.
      await Promise.all(batch.map((item) => this.flush([item])));
      return;
    }
    const stored = batch.filter((_, i) => result.stored[i]);
    const taken = batch.filter((_, i) => !result.stored[i]);
    if (stored.length) this.committed?.(result.after as A, stored.length);
    stored.forEach((item, i) => item.resolve({ ...result.answers[i]!, replayed: false }));
    if (taken.length > 0) await this.answerTaken(taken);
  }

  /** Items whose key was already stored: the stored answer for the same request, 422 for another one. */
  private async answerTaken(items: Pending<P>[]): Promise<void> {
    let rows;
    try {
      rows = await findKeys(this.db, this.scope, items.map((item) => item.key!));
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

/**
 * One batch's transaction: claims the keys, stores what they let through with `storeMany`, records the answers
 * against their keys. Runs in the transaction `trx` of whoever writes the batch (this process, or SQLite's thread).
 */
export async function writeBatchIn<P, A>(trx: Knex.Transaction, scope: string, storeMany: StoreMany<P, A>, batch: readonly Submission<P>[]): Promise<BatchWrite<A>> {
  const keyed = batch.filter((item) => item.key !== undefined);
  // Claimed in key order, so two transactions that share keys lock them in the same order.
  keyed.sort((a, b) => (a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0));
  const claimed = keyed.length ? await claimKeys(trx, scope, keyed.map((item) => ({ key: item.key!, hash: item.hash, nowIso: item.nowIso }))) : new Set<string>();
  const stored = batch.map((item) => item.key === undefined || claimed.has(item.key));
  const storing = batch.filter((_, i) => stored[i]);
  if (!storing.length) return { stored, answers: [], after: undefined };
  const { answers, after } = await storeMany(trx, storing.map((item) => item.payload));
  const done = storing.flatMap((item, i) => (item.key === undefined ? [] : [{ key: item.key, hash: item.hash, nowIso: item.nowIso, answer: answers[i]! }]));
  if (done.length) await completeKeys(trx, scope, done);
  return { stored, answers, after };
}

/** A writer that runs each batch's transaction in this process, on `db`. */
export function inProcess<P, A>(db: Db, scope: string, storeMany: StoreMany<P, A>): WriteBatch<P, A> {
  return (batch) => db.transaction((trx) => writeBatchIn(trx, scope, storeMany, batch));
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
    writer = new GroupCommit(db, scope, inProcess(db, scope, storeMany));
    registry.set(db, writer);
  }
  return writer;
}
