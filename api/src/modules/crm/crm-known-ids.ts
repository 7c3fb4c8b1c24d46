// The ids of the Pipedrive persons and organizations the sync created itself, by normalised e-mail
// (normaliseEmail, as every "same address" rule compares it) or organization name (trimmed, lower case). Pipedrive's search index trails its writes (a person created seconds ago may not be
// found yet), so the sync asks here before it searches. An entry is trusted for KNOWN_ID_TTL_MS only: long
// after, the search has caught up and is the better source (staff may have merged or deleted the record).
import type { Knex } from 'knex';
import { toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';
import { normaliseEmail } from '../../contract';

export type KnownKind = 'person' | 'org';

/** One hour: far beyond Pipedrive's search lag (seconds), short enough that staff merges win soon after. */
export const KNOWN_ID_TTL_MS = 60 * 60 * 1000;

/** The key a person is known by: their normalised address, the form the claim's SQL compares too (email_normalised). */
export const personKey = normaliseEmail;

/** The key of an e-mail address (a person) or an organization name: trimmed and lower case, as the claim's SQL compares them. */
function keyOf(kind: KnownKind, text: string): string {
  return kind === 'person' ? personKey(text) : text.trim().toLowerCase();
}

export async function findKnownId(db: Knex, kind: KnownKind, text: string, now: Date): Promise<number | null> {
  const row = await db('crm_known_ids').where({ kind, key: keyOf(kind, text) }).first();
  if (!row) return null;
  if (now.getTime() - Date.parse(toIso(row.created_at)) > KNOWN_ID_TTL_MS) return null;
  return Number(row.pipedrive_id);
}

/** Remembers an id the sync just created; a later creation for the same key (after the TTL) replaces it. */
export async function rememberId(db: Knex, kind: KnownKind, text: string, id: number, now: Date): Promise<void> {
  await db('crm_known_ids')
    .insert({ kind, key: keyOf(kind, text), pipedrive_id: String(id), created_at: now.toISOString() })
    .onConflict(['kind', 'key'])
    .merge(['pipedrive_id', 'created_at']);
}

/** The Pipedrive persons the product created for these e-mail addresses, however long ago. */
export async function knownPersonIds(db: Knex, emails: readonly string[]): Promise<number[]> {
  const keys = [...new Set(emails.map(personKey))];
  const ids: number[] = [];
  for (const chunk of chunksOf(keys)) {
    const rows: { pipedrive_id: string }[] = await db('crm_known_ids').select('pipedrive_id').where({ kind: 'person' }).whereIn('key', chunk);
    ids.push(...rows.map((r) => Number(r.pipedrive_id)).filter(Number.isSafeInteger));
  }
  return ids;
}

/** Forgets the persons known by these e-mail addresses (the key is the address itself); answers how many went. */
export async function forgetPersons(db: Knex, emails: readonly string[]): Promise<number> {
  const keys = [...new Set(emails.map(personKey))];
  let deleted = 0;
  for (const chunk of chunksOf(keys)) deleted += await db('crm_known_ids').where({ kind: 'person' }).whereIn('key', chunk).delete();
  return deleted;
}
