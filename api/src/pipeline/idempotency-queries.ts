// The idempotency_keys table: one row per (scope, key) holding the request's hash and, once done, its answer.
// Every statement here is keyed by the primary key (scope, key), so the database itself arbitrates between
// concurrent requests on both engines.
import type { Db } from '../db/knex';
import { writeInTransaction } from '../db/held-writes';
import { chunksOf } from '../lib/chunks';
import { containsPattern } from '../lib/like-pattern';
import { normaliseEmail } from '../contract';

export interface KeyRow {
  requestHash: string;
  state: 'processing' | 'done';
  responseStatus: number | null;
  /** null once the answer's body has been dropped (KEEP_BODIES_MS): the replay is then built from recordId. */
  responseBody: string | null;
  /** The id of the record the key stored, kept for as long as the key. */
  recordId: number | null;
}

/**
 * PostgreSQL's claim (on SQLite, whose write transaction holds the database, group-commit.ts reads the keys instead).
 * Claims keys with `processing` rows, inside the transaction that stores their requests (so a claim never
 * outlives it). `on conflict do nothing` makes a key already stored a no-op instead of an error, and a key
 * that another open transaction is claiming makes the database wait for that transaction: the answer is the
 * set of keys this statement claimed.
 */
export async function claimKeys(db: Db, scope: string, claims: { key: string; hash: string; nowIso: string }[]): Promise<Set<string>> {
  const inserted: { key: string }[] = await db('idempotency_keys')
    .insert(claims.map((c) => ({ scope, key: c.key, request_hash: c.hash, state: 'processing', created_at: c.nowIso })))
    .onConflict(['scope', 'key'])
    .ignore()
    .returning(['key']);
  return new Set(inserted.map((row) => String(row.key)));
}

/** The stored rows of these keys, by key. */
export async function findKeys(db: Db, scope: string, keys: string[]): Promise<Map<string, KeyRow>> {
  const rows = await db('idempotency_keys').where({ scope }).whereIn('key', keys);
  return new Map(
    rows.map((row: Record<string, unknown>) => [
      String(row.key),
      {
        requestHash: String(row.request_hash),
        state: row.state === 'done' ? 'done' : 'processing',
        responseStatus: row.response_status == null ? null : Number(row.response_status),
        responseBody: row.response_body == null ? null : String(row.response_body),
        recordId: row.record_id == null ? null : Number(row.record_id),
      } satisfies KeyRow,
    ]),
  );
}

/**
 * Records the answers of claimed keys in one statement, in the transaction that claimed them and stored the
 * entities, so a key is only ever seen `done`, with its entity, or not at all.
 */
export async function completeKeys(
  db: Db,
  scope: string,
  done: { key: string; hash: string; nowIso: string; answer: { status: number; body: unknown } }[],
): Promise<void> {
  await writeInTransaction(
    db,
    db('idempotency_keys')
      .insert(
        done.map((d) => ({
          scope,
          key: d.key,
          request_hash: d.hash,
          state: 'done',
          response_status: d.answer.status,
          response_body: JSON.stringify(d.answer.body),
          record_id: recordIdOf(d.answer.body),
          created_at: d.nowIso,
        })),
      )
      .onConflict(['scope', 'key'])
      .merge(['state', 'response_status', 'response_body', 'record_id']),
  );
}

function recordIdOf(body: unknown): number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * Drops the answers' bodies (the personal data they repeat) from keys older than `beforeIso`; the key, its
 * request's hash, the status and the record's id stay, so a replay of any age is still recognised.
 */
export async function dropBodiesOlderThan(db: Db, beforeIso: string): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', beforeIso).whereNotNull('response_body').where({ state: 'done' }).update({ response_body: null });
}

/**
 * Drops the stored answers of these records (the keys whose `record_id` names one of them, in these scopes):
 * the body repeats the person. The key, its request's hash, the status and the record's id stay, so a device
 * that replays the submission later is answered as a replay and the erased person is not stored again.
 */
export async function dropAnswersOfRecords(db: Db, scopes: readonly string[], recordIds: readonly number[]): Promise<number> {
  let dropped = 0;
  for (const chunk of chunksOf(recordIds)) {
    dropped += await db('idempotency_keys').whereIn('scope', scopes).whereIn('record_id', chunk).whereNotNull('response_body').update({ response_body: null });
  }
  return dropped;
}

/**
 * Drops every stored answer whose body holds this e-mail address in any case or Unicode form (normaliseEmail),
 * whatever its scope or record. SQL's lower() cannot say so (SQLite's folds ASCII only), so the bodies are
 * compared here; the database hands over only those holding an @, which no normalisation adds or removes.
 * Bodies are kept 30 days only (dropBodiesOlderThan), so this reads a bounded number of rows.
 */
export async function dropAnswersMentioning(db: Db, email: string): Promise<number> {
  const wanted = normaliseEmail(email);
  const rows: { scope: string; key: string; response_body: string }[] = await db('idempotency_keys')
    .select('scope', 'key', 'response_body')
    .whereNotNull('response_body')
    .whereRaw(`response_body like ? escape '\\'`, [containsPattern('@')]);
  const holding = rows.filter((row) => normaliseEmail(row.response_body).includes(wanted));
  let dropped = 0;
  for (const row of holding) dropped += await db('idempotency_keys').where({ scope: row.scope, key: row.key }).update({ response_body: null });
  return dropped;
}
