// The idempotency_keys table: one row per (scope, key) holding the request's hash and, once done, its answer.
// Every statement here is a single row operation keyed by the primary key (scope, key), so the database itself
// arbitrates between concurrent requests on both engines.
import type { Db } from '../../db/knex';

export interface KeyRow {
  requestHash: string;
  state: 'processing' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
}

/**
 * Claims the key with a `processing` row. `on conflict do nothing` makes a duplicate a no-op instead of an
 * error, so exactly one of any number of concurrent claims gets a row back.
 */
export async function claimKey(db: Db, scope: string, key: string, requestHash: string, nowIso: string): Promise<boolean> {
  const inserted = await db('idempotency_keys')
    .insert({ scope, key, request_hash: requestHash, state: 'processing', created_at: nowIso })
    .onConflict(['scope', 'key'])
    .ignore()
    .returning(['key']);
  return inserted.length === 1;
}

export async function findKey(db: Db, scope: string, key: string): Promise<KeyRow | undefined> {
  const row = await db('idempotency_keys').where({ scope, key }).first();
  if (!row) return undefined;
  return {
    requestHash: String(row.request_hash),
    state: row.state === 'done' ? 'done' : 'processing',
    responseStatus: row.response_status == null ? null : Number(row.response_status),
    responseBody: row.response_body == null ? null : String(row.response_body),
  };
}

/**
 * Takes over a `processing` row whose owner died (older than `staleBeforeIso`). The timestamp moves to now in
 * the same statement, so of two processes racing for the same abandoned key only one updates a row.
 */
export async function takeOverStaleKey(db: Db, scope: string, key: string, staleBeforeIso: string, nowIso: string): Promise<boolean> {
  const updated = await db('idempotency_keys')
    .where({ scope, key, state: 'processing' })
    .andWhere('created_at', '<', staleBeforeIso)
    .update({ created_at: nowIso });
  return updated === 1;
}

/** Records the answer; called inside the transaction that stores the entity, so both land or neither does. */
export async function completeKey(db: Db, scope: string, key: string, status: number, body: unknown): Promise<void> {
  await db('idempotency_keys')
    .where({ scope, key })
    .update({ state: 'done', response_status: status, response_body: JSON.stringify(body) });
}

/** Frees a key whose request failed, so the client's retry is processed afresh. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db('idempotency_keys').where({ scope, key, state: 'processing' }).delete();
}

export async function deleteKeysOlderThan(db: Db, beforeIso: string): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', beforeIso).delete();
}
