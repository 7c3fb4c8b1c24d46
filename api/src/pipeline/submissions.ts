// The one path every submission takes: a visitor's lead, a sample request, a rep's capture, and a record released
// from quarantine. Validated by its route, it is then
//
//   claimed (Idempotency-Key) → judged (spam guards, for the public forms) → stored (its module's rows)
//     → followed in the same transaction (each follower's rows) → committed (group commit) → followed after commit
//
// Followers are what happens because a record was stored: its CRM job, its live event, and whatever comes next.
// They register at start-up (api/src/wiring.ts); the pipeline and the record modules import none of them, and a
// follower imports the records it reads. A follower's rows commit with the record or not at all, so "exactly
// once" for the record is exactly once for them. Suspected spam is stored in quarantine and followed by nobody
// until staff release it, which runs the same followers as a new record.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Lead, SampleRequest, SpamReason } from '../contract';
import type { Db } from '../db/knex';
import { spamReasonOf, type SpamSignals } from '../lib/spam-guard';
import { threadJobRunnerOf } from '../db/dialect';
import { AppError } from '../http/errors';
import { GroupCommit, inProcess, writeBatchIn, type BatchWrite, type Outcome, type StoreMany, type StoredAnswer, type Submission, type WriteBatch } from './group-commit';
import { submitIdempotent, type IdempotencyDeps } from './idempotency';
import { maybePurgeQuarantine, type QuarantineKeeper } from './quarantine';

/** A record the pipeline stored or released, as its followers see it. */
export type StoredRecord = {
  /**
   * submitted: from a public form; captured: a rep's capture made a new lead; merged: a capture added to a lead
   * the rep's event already had; released: out of quarantine ("Not spam").
   */
  how: 'submitted' | 'captured' | 'merged' | 'released';
  /** When it was stored (or released). */
  at: string;
  /** The rep whose capture it is (captured, merged); null otherwise. */
  repUserId: number | null;
} & ({ kind: 'lead'; record: Lead } | { kind: 'sample_request'; record: SampleRequest });

export interface Follower {
  /** For the logs. */
  name: string;
  /** Adds the follower's rows in the records' own transaction: they commit with the records or not at all. */
  inTransaction?: (trx: Knex.Transaction, records: readonly StoredRecord[]) => Promise<void>;
  /** Acts once the records are committed. Runs before the submitter is answered: keep it to a call, not a wait. */
  afterCommit?: (records: readonly StoredRecord[]) => void;
}

/**
 * Told of every group commit after it committed (before anyone is answered), quarantined records included, with
 * how many submissions the transaction stored: for counting (GET /metrics), never for acting on a record.
 */
export type CommitObserver = (commit: { scope: string; submissions: number; records: readonly StoredRecord[] }) => void;

/** What a record module stores for one submission: the answer its submitter gets, and the records followers see. */
export interface Stored {
  answer: StoredAnswer;
  records: StoredRecord[];
}

/** One submission on its way to its module's store. */
export interface Pending<I, By> {
  input: I;
  nowIso: string;
  /** Why it looks like spam, or null: a record stored with a reason is in quarantine. */
  spamReason: SpamReason | null;
  /** Who submitted it, when that matters to the store (a rep's capture). */
  by: By;
}

/** A kind of submission, as its record module defines it. */
export interface SubmissionKind<I, By = undefined> {
  /** The Idempotency-Key scope: one key may not cross kinds. */
  scope: string;
  /** Public forms are judged by the spam guards; a signed-in rep's capture is not. */
  judged: boolean;
  /** Stores the batch with the transaction it is given, one result per submission, in order. */
  store: (trx: Knex.Transaction, batch: Pending<I, By>[]) => Promise<Stored[]>;
  /** Deletes its suspected spam stored before `beforeIso` (kinds that keep a quarantine); answers how many. */
  deleteQuarantined?: (db: Db, beforeIso: string) => Promise<number>;
}

type Deps = IdempotencyDeps & { submissions: Submissions };

/**
 * How this pipeline's batches are written on SQLite's thread (db/sqlite-thread.ts): `module` exports the job (it
 * builds the same pipeline there from `init`, which must be plain data), and `afterBatch` runs here after each
 * commit with what the job handed back besides the batch (api/src/submission-thread.ts; api/src/wiring.ts).
 */
export interface ThreadRecipe {
  module: string;
  init: unknown;
  afterBatch?: (extra: unknown) => void;
}

/** What the thread's job is given: one kind's batch. */
export interface ThreadBatch {
  scope: string;
  batch: Submission<Pending<unknown, unknown>>[];
}

/** What it answers: the batch's write, what else the job hands back, or the AppError a store refused it with. */
export type ThreadBatchResult =
  | { write: BatchWrite<StoredRecord[]>; extra: unknown }
  | { refused: { code: AppError['code']; message: string; details: AppError['details'] } };

/** The followers and the kinds of one process's pipeline (AppDeps.submissions). */
export class Submissions {
  private readonly followers: Follower[] = [];
  private readonly observers: CommitObserver[] = [];
  private readonly known = new Map<string, SubmissionKind<unknown, unknown>>();
  /** Each kind's group commit per database, by scope: one queue per process, shared by every request. */
  private readonly writers = new Map<string, WeakMap<Db, GroupCommit<Pending<unknown, unknown>, StoredRecord[]>>>();
  private thread: { recipe: ThreadRecipe; followers: number } | undefined;

  constructor(private readonly logger: Logger) {}

  /** Adds followers; each sees every stored record from now on, in the order they were added. */
  follow(...followers: Follower[]): void {
    this.followers.push(...followers);
  }

  /** Adds observers of every group commit (api/src/wiring.ts: the metrics). */
  observe(...observers: CommitObserver[]): void {
    this.observers.push(...observers);
  }

  /** Makes kinds known before their first submission (the quarantine purge deletes each one's old spam). */
  accept(...kinds: SubmissionKind<never, never>[]): void {
    for (const kind of kinds) this.known.set(kind.scope, kind as unknown as SubmissionKind<unknown, unknown>);
  }

  /** Every kind known, for the quarantine purge. */
  get kinds(): QuarantineKeeper[] {
    return [...this.known.values()];
  }

  /**
   * Writes the known kinds' batches on SQLite's thread where the database has one. The thread builds its pipeline
   * from the recipe, so it is only used while this pipeline is still what the recipe makes: a follower added later
   * (a test's) makes every batch run here again.
   */
  runOnThread(recipe: ThreadRecipe): void {
    this.thread = { recipe, followers: this.followers.length };
  }

  /** Runs every follower's part inside the records' transaction (quarantined records are followed by none). */
  async followInTransaction(trx: Knex.Transaction, records: readonly StoredRecord[]): Promise<void> {
    const followed = records.filter(notQuarantined);
    if (!followed.length) return;
    for (const follower of this.followers) await follower.inTransaction?.(trx, followed);
  }

  /** Runs every follower's after-commit part; one failing never keeps the others (or the answer) from going on. */
  followAfterCommit(records: readonly StoredRecord[]): void {
    const followed = records.filter(notQuarantined);
    if (!followed.length) return;
    for (const follower of this.followers) {
      try {
        follower.afterCommit?.(followed);
      } catch (err) {
        this.logger.error({ err, follower: follower.name }, 'a follower failed after commit');
      }
    }
  }

  /**
   * Writes records outside a submission (a release from quarantine) in one transaction with their followers'
   * rows, then runs the followers' after-commit part.
   */
  async storeWith<T>(db: Db, write: (trx: Knex.Transaction) => Promise<{ result: T; records: StoredRecord[] }>): Promise<T> {
    let records: StoredRecord[] = [];
    const result = await db.transaction(async (trx) => {
      const written = await write(trx);
      records = written.records;
      await this.followInTransaction(trx, records);
      return written.result;
    });
    this.followAfterCommit(records);
    return result;
  }

  /** The group commit of a kind on a database: its store, then the followers, in each shared transaction. */
  writerOf<I, By>(kind: SubmissionKind<I, By>, db: Db): GroupCommit<Pending<I, By>, StoredRecord[]> {
    const known = this.known.get(kind.scope) as SubmissionKind<I, By> | undefined;
    if (!known) this.known.set(kind.scope, kind as unknown as SubmissionKind<unknown, unknown>);
    let registry = this.writers.get(kind.scope) as WeakMap<Db, GroupCommit<Pending<I, By>, StoredRecord[]>> | undefined;
    if (!registry) this.writers.set(kind.scope, (registry = new WeakMap()) as unknown as WeakMap<Db, GroupCommit<Pending<unknown, unknown>, StoredRecord[]>>);
    let writer = registry.get(db);
    if (!writer) {
      const write = (known && this.onThread(kind.scope, db)) || inProcess(db, kind.scope, this.storeManyOf(kind));
      writer = new GroupCommit(db, kind.scope, write as WriteBatch<Pending<I, By>, StoredRecord[]>, (records, stored) => {
        this.followAfterCommit(records);
        for (const observe of this.observers) observe({ scope: kind.scope, submissions: stored, records });
      });
      registry.set(db, writer);
    }
    return writer;
  }

  /**
   * On SQLite's thread: one kind's batch written here, in the thread's transaction on `db` (the job of
   * api/src/submission-thread.ts). An AppError a store refused the batch with is answered as data, to be thrown
   * again in the process, where the request it refuses is.
   */
  async writeOnThread(db: Db, { scope, batch }: ThreadBatch): Promise<ThreadBatchResult | { write: BatchWrite<StoredRecord[]> }> {
    const kind = this.known.get(scope);
    if (!kind) throw new Error(`no kind of submission has the scope ${scope} on this thread`);
    try {
      return { write: await db.transaction((trx) => writeBatchIn(trx, scope, this.storeManyOf(kind), batch)) };
    } catch (err) {
      if (err instanceof AppError) return { refused: { code: err.code, message: err.message, details: err.details } };
      throw err;
    }
  }

  /** A kind's store and its followers' rows, in the batch's transaction. */
  private storeManyOf<I, By>(kind: SubmissionKind<I, By>): StoreMany<Pending<I, By>, StoredRecord[]> {
    return async (trx, batch) => {
      const stored = await kind.store(trx, batch);
      const records = stored.flatMap((s) => s.records);
      await this.followInTransaction(trx, records);
      return { answers: stored.map((s) => s.answer), after: records };
    };
  }

  /** The writer that hands each batch to SQLite's thread, when the database has one and the recipe still holds. */
  private onThread(scope: string, db: Db): WriteBatch<Pending<unknown, unknown>, StoredRecord[]> | undefined {
    const thread = this.thread;
    const run = threadJobRunnerOf(db);
    if (!thread || !run) return undefined;
    return async (batch) => {
      if (this.followers.length !== thread.followers) return inProcess(db, scope, this.storeManyOf(this.known.get(scope)!))(batch);
      const result = (await run(thread.recipe.module, thread.recipe.init, { scope, batch } satisfies ThreadBatch)) as ThreadBatchResult;
      if ('refused' in result) throw new AppError(result.refused.code, result.refused.message, result.refused.details);
      thread.recipe.afterBatch?.(result.extra);
      return result.write;
    };
  }
}

const notQuarantined = (stored: StoredRecord) => stored.record.spamReason === null;

/**
 * A submission through the pipeline: claimed, judged, stored with its followers, committed with whatever else
 * arrived meanwhile (group commit), and answered; a replay of a stored one is answered as before.
 */
export function submit<I, By>(
  deps: Deps,
  kind: SubmissionKind<I, By>,
  req: { input: I; key: string | undefined; by: By },
): Promise<Outcome> {
  if (kind.judged) maybePurgeQuarantine(deps);
  const nowIso = deps.clock().toISOString();
  const spamReason = kind.judged ? spamReasonOf(req.input as SpamSignals) : null;
  const payload: Pending<I, By> = { input: req.input, nowIso, spamReason, by: req.by };
  return submitIdempotent(deps, deps.submissions.writerOf(kind, deps.db), { key: req.key, request: req.input, payload });
}
