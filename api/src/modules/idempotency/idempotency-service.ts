// Exactly-once submissions. A request with an Idempotency-Key is stored at most once: the first
// claims the key, stores its entity and the answer in one transaction; a retry with the same body gets the
// stored answer again; a different body under the same key is refused (422); a retry while the first is still
// running is told to wait (409). Keys whose request failed are freed so a later retry can go through.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { claimKey, completeKey, deleteKeysOlderThan, findKey, releaseKey, takeOverStaleKey, type KeyRow } from './idempotency-queries';

/** A processing row older than this belongs to a process that crashed mid-request; it may be taken over. */
export const ABANDONED_AFTER_MS = 60_000;
/** The contract keeps keys at least 30 days; older ones are purged now and then. */
export const KEEP_KEYS_MS = 30 * 24 * 60 * 60 * 1000;
/** Purging on about one request in a hundred keeps the table small without a scheduler. */
const PURGE_PROBABILITY = 0.01;

const KEY_PATTERN = /^[\x20-\x7E]{1,200}$/;

export interface Outcome {
  status: number;
  body: unknown;
  replayed: boolean;
}

export interface IdempotentRequest {
  /** What kind of request the key belongs to ('leads', 'print-samples'): one key may not cross scopes. */
  scope: string;
  key: string | undefined;
  /** The validated request; its hash tells a true retry from a different request reusing the key. */
  request: unknown;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

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

/** JSON with object keys sorted at every level, so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * Runs `work` in a transaction exactly once per key. `work` stores its entity with the transaction it is given
 * and returns the answer; the key is marked done with that answer inside the same transaction.
 */
export async function runIdempotent(
  deps: Deps,
  req: IdempotentRequest,
  work: (trx: Knex.Transaction) => Promise<{ status: number; body: unknown }>,
): Promise<Outcome> {
  const { db } = deps;
  if (req.key === undefined) {
    const result = await db.transaction(work);
    return { ...result, replayed: false };
  }
  const { scope, key } = req;
  const hash = requestHash(req.request);
  const now = deps.clock();
  maybePurge(deps, now);

  const replay = await claimOrReplay(deps, scope, key, hash, now);
  if (replay) return replay;
  try {
    return await db.transaction(async (trx) => {
      const result = await work(trx);
      await completeKey(trx, scope, key, result.status, result.body);
      return { ...result, replayed: false };
    });
  } catch (err) {
    await releaseKey(db, scope, key).catch((releaseErr: unknown) =>
      deps.logger.error({ err: releaseErr, scope }, 'could not release an idempotency key'),
    );
    throw err;
  }
}

/**
 * Claims the key (undefined: we own it and go on) or answers for the request that holds it: a replay, a 422 for
 * a different body, a 409 while it runs. An abandoned claim is taken over, and a key freed between our failed
 * claim and our read (its first attempt failed) is claimed again.
 */
async function claimOrReplay(deps: Deps, scope: string, key: string, hash: string, now: Date): Promise<Outcome | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await claimKey(deps.db, scope, key, hash, now.toISOString())) return undefined;
    const existing = await findKey(deps.db, scope, key);
    if (existing) return answerForExistingKey(deps, scope, key, hash, existing, now);
  }
  throw inProgress();
}

async function answerForExistingKey(deps: Deps, scope: string, key: string, hash: string, existing: KeyRow, now: Date): Promise<Outcome | undefined> {
  if (existing.requestHash !== hash) {
    throw new AppError('idempotency_mismatch', 'This Idempotency-Key was already used with a different request body');
  }
  if (existing.state === 'done') {
    return { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null'), replayed: true };
  }
  const staleBefore = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  if (await takeOverStaleKey(deps.db, scope, key, staleBefore, now.toISOString())) return undefined;
  throw inProgress();
}

function inProgress() {
  return new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
}

function maybePurge(deps: Deps, now: Date) {
  if (Math.random() >= PURGE_PROBABILITY) return;
  const before = new Date(now.getTime() - KEEP_KEYS_MS).toISOString();
  deleteKeysOlderThan(deps.db, before).catch((err: unknown) => deps.logger.warn({ err }, 'idempotency key purge failed'));
}
