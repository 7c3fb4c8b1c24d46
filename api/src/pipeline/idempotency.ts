// Exactly-once submissions. A request with an Idempotency-Key is stored at most once: one transaction claims
// the key, stores the entity and records the answer against the key, and commits once (group-commit.ts shares
// that transaction between concurrent requests). A retry with the same body gets the stored answer again; a
// different body under the same key is refused (422); a retry while the first is still being written waits for
// its commit and gets the replay. A request that fails leaves no key behind, so a later retry goes through.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { AppError } from '../http/errors';
import type { Db } from '../db/knex';
import { dropBodiesOlderThan } from './idempotency-queries';
import { requestHash } from '../lib/request-hash';
import { atMostEvery } from '../lib/recurring';
import { groupCommitFor, type GroupCommit, type Outcome, type StoreMany, type StoredAnswer, type SubmissionWriter } from './group-commit';

export type { Outcome } from './group-commit';

/**
 * A key is kept for as long as the database keeps anything (a device may replay an item it kept offline for
 * months: it must still be recognised); after 30 days only its answer's body, which repeats the personal data,
 * is dropped, and a replay is answered with the status and the record's id.
 */
export const KEEP_BODIES_MS = 30 * 24 * 60 * 60 * 1000;
/** At most once a minute per process: no scheduler needed, and a burst of submissions costs nothing extra. */
const dropDue = atMostEvery(60_000);

const KEY_PATTERN = /^[\x20-\x7E]{1,200}$/;

export interface IdempotentRequest {
  /** What kind of request the key belongs to ('leads', 'print-samples'): one key may not cross scopes. */
  scope: string;
  key: string | undefined;
  /** The validated request; its hash tells a true retry from a different request reusing the key. */
  request: unknown;
}

/** What idempotent stores need (a part of AppDeps: the pipeline sits below it). */
export interface IdempotencyDeps {
  db: Db;
  clock: () => Date;
  logger: Logger;
}

type Deps = IdempotencyDeps;

/** Reads and checks the header: absent is fine (processed normally), present but malformed is a 400. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(value) || value.trim() === '') {
    throw new AppError('validation', 'Idempotency-Key must be 1 to 200 printable characters', {
      errors: { 'Idempotency-Key': 'Must be 1 to 200 printable characters' },
    });
  }
  return value;
}

/**
 * Stores a request at most once per key through the scope's group commit: `storeMany` writes a batch of
 * payloads in one shared transaction, in which the keys are claimed and their answers recorded too. Answers
 * after that transaction commits: the stored answer, a replay of an earlier one, or 422 for another request
 * under a used key.
 */
export function submitIdempotent<P>(
  deps: Deps,
  writer: SubmissionWriter<P>,
  req: { key: string | undefined; request: unknown; payload: P },
): Promise<Outcome> {
  const now = deps.clock();
  if (req.key !== undefined) maybeDropOldBodies(deps, now);
  return writer.submit({ key: req.key, hash: req.key === undefined ? '' : requestHash(req.request), payload: req.payload, nowIso: now.toISOString() });
}

/** Each scope's group commit for work that is one function per request (run one after another in the batch). */
const workWriters = new Map<string, WeakMap<Db, GroupCommit<Work>>>();
type Work = (trx: Knex.Transaction) => Promise<StoredAnswer>;
const runEach: StoreMany<Work, undefined> = async (trx, works) => {
  const answers: StoredAnswer[] = [];
  for (const work of works) answers.push(await work(trx));
  return { answers, after: undefined };
};

/**
 * Runs `work` exactly once per key: it stores its entity with the transaction it is given and returns the
 * answer, which is recorded against the key in the same transaction. Concurrent calls share transactions
 * (group commit); a failing one is retried alone, so it fails only itself.
 */
export function runIdempotent(deps: Deps, req: IdempotentRequest, work: Work): Promise<Outcome> {
  let registry = workWriters.get(req.scope);
  if (!registry) workWriters.set(req.scope, (registry = new WeakMap()));
  const writer = groupCommitFor(registry, deps.db, req.scope, runEach);
  return submitIdempotent(deps, writer, { key: req.key, request: req.request, payload: work });
}

function maybeDropOldBodies(deps: Deps, now: Date) {
  if (!dropDue.due(deps.db, now.getTime())) return;
  const before = new Date(now.getTime() - KEEP_BODIES_MS).toISOString();
  dropBodiesOlderThan(deps.db, before).catch((err: unknown) => deps.logger.warn({ err }, 'dropping old idempotency answers failed'));
}
