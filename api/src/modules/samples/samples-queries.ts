// Sample request rows. Booleans arrive as 0/1 from SQLite and true/false from PostgreSQL; dates as strings or
// Date objects: both leave this file in the contract's shape.
import type { Db } from '../../db/knex';
import { toBool, toIso } from '../../db/types';
import { normaliseEmail, type SampleRequest, type SampleRequestData, type SampleType, type SpamReason, type UsState } from '../../contract';
import type { SpamSignals } from '../../lib/spam-guard';
import type { Knex } from 'knex';
import { attributionColumns, attributionFromRow } from '../attribution';
import { chunksOf } from '../../lib/chunks';

export type SampleRequestFields = Omit<SampleRequestData, keyof SpamSignals>;

export function sampleRequestFromRow(row: Record<string, unknown>): SampleRequest {
  return {
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: (row.phone as string | null) ?? null,
    company: (row.company as string | null) ?? null,
    addressLine1: String(row.address_line1),
    addressLine2: (row.address_line2 as string | null) ?? null,
    city: String(row.city),
    state: row.state as UsState,
    zip: String(row.zip),
    sampleType: row.sample_type as SampleType,
    pipedriveStatus: String(row.pipedrive_status),
    pipedriveDealId: (row.pipedrive_deal_id as string | null) ?? null,
    syncError: (row.sync_error as string | null) ?? null,
    attribution: attributionFromRow(row),
    processed: toBool(row.processed),
    notes: (row.notes as string | null) ?? null,
    spamReason: (row.spam_reason as SpamReason | null) ?? null,
    createdAt: toIso(row.created_at),
  };
}

/** Several in one multi-row insert; ids follow the rows' order, so the answers sorted by id line up with the input. */
/** A request to store; `spamReason` keeps it in quarantine (suspected spam). */
export interface NewSampleRequest {
  data: SampleRequestFields;
  nowIso: string;
  spamReason: SpamReason | null;
}

export async function insertSampleRequests(db: Db, requests: NewSampleRequest[]): Promise<SampleRequest[]> {
  if (requests.length === 0) return [];
  const rows: Record<string, unknown>[] = await db('sample_requests')
    .insert(
      requests.map(({ data, nowIso, spamReason }) => ({
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        // The form every "same address" rule compares (normaliseEmail); the database refuses a request without it.
        email_normalised: normaliseEmail(data.email),
        phone: data.phone ?? null,
        company: data.company ?? null,
        address_line1: data.addressLine1,
        address_line2: data.addressLine2 ?? null,
        city: data.city,
        state: data.state,
        zip: data.zip,
        sample_type: data.sampleType,
        notes: data.notes ?? null,
        pipedrive_status: 'pending',
        processed: false,
        ...attributionColumns(data.attribution),
        spam_reason: spamReason,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    .returning('*');
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows.map(sampleRequestFromRow);
}

export async function findSampleRequest(db: Db, id: number): Promise<SampleRequest | undefined> {
  const row = await db('sample_requests').where({ id }).first();
  return row ? sampleRequestFromRow(row) : undefined;
}

/** The CRM sync's outcome on a request: its status in Pipedrive, the deal it became, and why it failed. */
export async function setSampleRequestSyncOutcome(
  db: Db,
  id: number,
  outcome: { pipedriveStatus: string; dealId?: number | null; syncError: string | null },
  nowIso: string,
): Promise<boolean> {
  const patch: Record<string, unknown> = { pipedrive_status: outcome.pipedriveStatus, sync_error: outcome.syncError, updated_at: nowIso };
  if (outcome.dealId !== undefined) patch.pipedrive_deal_id = outcome.dealId == null ? null : String(outcome.dealId);
  const n = await db('sample_requests').where({ id }).update(patch);
  return n === 1;
}

/** Newest first, by the (created_at, id) index; `before` continues after that request (keyset paging). */
export async function listSampleRequests(db: Db, page: { limit: number; before?: number | undefined; spam?: boolean }): Promise<SampleRequest[]> {
  const query = inQuarantine(db('sample_requests').select('*'), page.spam)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit);
  if (page.before !== undefined) {
    // A row-value comparison walks the same index in both engines; an unknown id yields an empty page.
    query.whereRaw('(created_at, id) < (select b.created_at, b.id from sample_requests b where b.id = ?)', [page.before]);
  }
  return (await query).map(sampleRequestFromRow);
}

export async function countSampleRequests(db: Db, { spam }: { spam?: boolean } = {}): Promise<number> {
  const row = await inQuarantine(db('sample_requests'), spam).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Only the suspected spam (`spam`), or only the real requests. */
function inQuarantine(query: Knex.QueryBuilder, spam: boolean | undefined): Knex.QueryBuilder {
  return spam ? query.whereNotNull('spam_reason') : query.whereNull('spam_reason');
}

/** Takes a request out of quarantine; undefined when it is not there. `trx` also queues its CRM job. */
export async function releaseSampleRequest(trx: Knex.Transaction, id: number, nowIso: string): Promise<SampleRequest | undefined> {
  const [row] = await trx('sample_requests').where({ id }).whereNotNull('spam_reason').update({ spam_reason: null, updated_at: nowIso }).returning('*');
  return row ? sampleRequestFromRow(row) : undefined;
}

/** Deletes suspected spam older than `beforeIso` that nobody released. */
export async function deleteQuarantinedSampleRequests(db: Db, beforeIso: string): Promise<number> {
  return db('sample_requests').whereNotNull('spam_reason').andWhere('created_at', '<', beforeIso).delete();
}

export async function setSampleRequestProcessed(db: Db, id: number, processed: boolean, nowIso: string): Promise<SampleRequest | undefined> {
  const [row] = await db('sample_requests').where({ id }).update({ processed, updated_at: nowIso }).returning('*');
  return row ? sampleRequestFromRow(row) : undefined;
}

/** Every request (suspected spam too) with this e-mail address in any case or Unicode form (index sample_requests_email_normalised). */
export async function findSampleRequestsByEmail(db: Db, email: string): Promise<SampleRequest[]> {
  const rows = await db('sample_requests')
    .where('email_normalised', normaliseEmail(email))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(sampleRequestFromRow);
}

/** Deletes these requests for good, in the caller's transaction; answers how many went. */
export async function deleteSampleRequests(db: Db, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunksOf(ids)) deleted += await db('sample_requests').whereIn('id', chunk).delete();
  return deleted;
}
