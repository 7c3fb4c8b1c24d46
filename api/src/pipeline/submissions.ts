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
import { threadItemRunnerOf, type ThreadItemRunner } from '../db/dialect';
import { AppError } from '../http/errors';
import { GroupCommit, type Outcome, type StoreMany, type StoredAnswer, type Submission, type SubmissionWriter } from './group-commit';
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
 * How this pipeline's submissions are written on SQLite's thread (db/sqlite-thread.ts): `module` exports the job
 * (api/src/submission-thread.ts), which builds the same pipeline there from `init` (plain data only) and runs its
 * group commit beside the connection; `afterBatch` runs here after each batch the thread wrote, with what the job
 * said of it besides its commits (api/src/wiring.ts: the wake-ups of this process's workers).
 */
export interface ThreadRecipe {
  module: string;
  init: unknown;
  afterBatch?: (extra: unknown) => void;
}

/** One submission as the thread's job is given it. */
export interface ThreadItem {
  scope: string;
  submission: Submission<Pending<unknown, unknown>>;
}

/** Its result there: its outcome, the AppError a store refused it with (thrown again here), or another failure. */
export type ThreadItemResult =
  | { outcome: Outcome }
  | { refused: { code: AppError['code']; message: string; details: AppError['details'] } }
  | { failed: { message: string; code: string | undefined } };

/** What the thread's group commits committed in one batch of items: for the after-commit parts and the observers. */
export interface ThreadCommit {
  scope: string;
  stored: number;
  records: StoredRecord[];
}

/** What the thread's job says of a batch as a whole. */
export interface ThreadBatchExtra {
  commits: ThreadCommit[];
  /** The recipe's own (ThreadRecipe.afterBatch). */
  extra: unknown;
}

/** The followers and the kinds of one process's pipeline (AppDeps.submissions). */
export class Submissions {
  private readonly followers: Follower[] = [];
  private readonly observers: CommitObserver[] = [];
  private readonly known = new Map<string, SubmissionKind<unknown, unknown>>();
  /** Each kind's writer per database, by scope: one queue per process, shared by every request. */
  private readonly writers = new Map<string, WeakMap<Db, SubmissionWriter<Pending<unknown, unknown>>>>();
  private thread: { recipe: ThreadRecipe; followers: number } | undefined;
  /** On SQLite's thread: the commits of the batch under way, told to the process instead of followed here. */
  private threadSide: { commits: ThreadCommit[] } | undefined;

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
   * Writes the known kinds' submissions on SQLite's thread where the database has one. The thread builds its
   * pipeline from the recipe, so it is used only while this pipeline is what the recipe makes: a follower added
   * later (a test's) keeps the writing here.
   */
  runOnThread(recipe: ThreadRecipe): void {
    this.thread = { recipe, followers: this.followers.length };
  }

  /**
   * Has SQLite's thread load this pipeline now (a second or so), so that the first submission does not wait for it:
   * for a server about to serve. Nothing to do on PostgreSQL, or for a pipeline that writes here.
   */
  async prepare(db: Db): Promise<void> {
    const run = this.thread && this.thread.followers === this.followers.length ? threadItemRunnerOf(db) : undefined;
    await run?.warm(this.thread!.recipe);
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

  /**
   * The writer of a kind on a database: on SQLite's thread (ThreadWriter), or a group commit here, which runs the
   * kind's store and then the followers' rows in each shared transaction.
   */
  writerOf<I, By>(kind: SubmissionKind<I, By>, db: Db): SubmissionWriter<Pending<I, By>> {
    const known = this.known.has(kind.scope);
    if (!known) this.known.set(kind.scope, kind as unknown as SubmissionKind<unknown, unknown>);
    let registry = this.writers.get(kind.scope);
    if (!registry) this.writers.set(kind.scope, (registry = new WeakMap()));
    let writer = registry.get(db) as SubmissionWriter<Pending<I, By>> | undefined;
    if (!writer) {
      // On the thread itself (threadSide) every batch is written where it is.
      const run = known && this.thread && !this.threadSide && this.thread.followers === this.followers.length ? threadItemRunnerOf(db) : undefined;
      writer = run ? new ThreadWriter(kind.scope, run, this.thread!.recipe, (batch) => this.committedOnThread(batch)) : this.groupCommitOf(kind, db);
      registry.set(db, writer as SubmissionWriter<Pending<unknown, unknown>>);
    }
    return writer;
  }

  /**
   * On SQLite's thread (api/src/submission-thread.ts): the items of one batch, each through its kind's group commit
   * on the thread's Knex, all queued at once so that they share transactions. Each answers its result as data; the
   * batch's commits are handed back for the process to follow.
   */
  async submitOnThread(db: Db, items: readonly ThreadItem[]): Promise<{ results: ThreadItemResult[]; commits: ThreadCommit[] }> {
    const side = (this.threadSide = { commits: [] as ThreadCommit[] });
    const outcomes: Promise<Outcome>[] = new Array(items.length);
    const byScope = new Map<string, number[]>();
    items.forEach((item, i) => byScope.set(item.scope, [...(byScope.get(item.scope) ?? []), i]));
    for (const [scope, indexes] of byScope) {
      const kind = this.known.get(scope);
      if (!kind) throw new Error(`no kind of submission has the scope ${scope} on this thread`);
      const writer = this.writerOf(kind, db) as GroupCommit<Pending<unknown, unknown>, StoredRecord[]>;
      writer.submitMany(indexes.map((i) => items[i]!.submission)).forEach((outcome, n) => (outcomes[indexes[n]!] = outcome));
    }
    const settled = await Promise.allSettled(outcomes);
    return { results: settled.map(resultOf), commits: side.commits };
  }

  /** The process's side of what the thread committed: the followers' after-commit parts and the observers. */
  private committedOnThread({ commits, extra }: ThreadBatchExtra): void {
    for (const { scope, stored, records } of commits) this.committed(scope, stored, records);
    this.thread?.recipe.afterBatch?.(extra);
  }

  private committed(scope: string, stored: number, records: StoredRecord[]): void {
    if (this.threadSide) {
      this.threadSide.commits.push({ scope, stored, records });
      return;
    }
    this.followAfterCommit(records);
    for (const observe of this.observers) observe({ scope, submissions: stored, records });
  }

  /** A kind's group commit here: its store and its followers' rows in each shared transaction. */
  private groupCommitOf<I, By>(kind: SubmissionKind<I, By>, db: Db): GroupCommit<Pending<I, By>, StoredRecord[]> {
    const storeMany: StoreMany<Pending<I, By>, StoredRecord[]> = async (trx, batch) => {
      const stored = await kind.store(trx, batch);
      const records = stored.flatMap((s) => s.records);
      await this.followInTransaction(trx, records);
      return { answers: stored.map((s) => s.answer), after: records };
    };
    return new GroupCommit(db, kind.scope, storeMany, (records, stored) => this.committed(kind.scope, stored, records));
  }
}

/** A kind's submissions handed to SQLite's thread one by one, where they join the batch under way there. */
class ThreadWriter<I, By> implements SubmissionWriter<Pending<I, By>> {
  constructor(
    private readonly scope: string,
    private readonly run: ThreadItemRunner,
    private readonly recipe: ThreadRecipe,
    private readonly onBatch: (extra: ThreadBatchExtra) => void,
  ) {}

  async submit(submission: Submission<Pending<I, By>>): Promise<Outcome> {
    const item: ThreadItem = { scope: this.scope, submission: submission as Submission<Pending<unknown, unknown>> };
    const result = (await this.run.submit(this.recipe, item, (extra) => this.onBatch(extra as ThreadBatchExtra))) as ThreadItemResult;
    if ('outcome' in result) return result.outcome;
    if ('refused' in result) throw new AppError(result.refused.code, result.refused.message, result.refused.details);
    throw Object.assign(new Error(result.failed.message), result.failed.code ? { code: result.failed.code } : {});
  }
}

/** A settled outcome on the thread, as data that crosses to the process. */
function resultOf(settled: PromiseSettledResult<Outcome>): ThreadItemResult {
  if (settled.status === 'fulfilled') return { outcome: settled.value };
  const err = settled.reason as unknown;
  if (err instanceof AppError) return { refused: { code: err.code, message: err.message, details: err.details } };
  const { message, code } = err as { message?: unknown; code?: unknown };
  return { failed: { message: String(message ?? err), code: typeof code === 'string' ? code : undefined } };
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
