// The CRM sync queue. The records it points at are read and written through their owners' queries
// (leads-queries, samples-queries), so a lead's roll-up counts move in one place. Every query compiles to the same meaning on SQLite and
// PostgreSQL. The claim is the lease claim every queue shares (db/lease-claim.ts: several server processes hand
// out each due job to exactly one of them), with the CRM's own condition: one contact to one sync at a time.
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { writeInTransaction } from '../../db/held-writes';
import { afterCommit, claimDue, finishClaim, queueBacklog, type LeaseQueue } from '../../db/lease-claim';
import { toBool, toIso } from '../../db/types';
import { lockedForUpdate } from '../../db/dialect';
import { chunksOf } from '../../lib/chunks';
import { notifyCrmJobsCommitted } from './crm-signal';

/**
 * A record to bring into Pipedrive, what to delete there (`erasure`, record_id = crm_erasures.id), or a change staff
 * made to a lead (`lead_work`, record_id = the lead_timeline row: an owner, a stage or a note; lead_id its lead).
 */
export type CrmJobKind = 'lead' | 'sample_request' | 'erasure' | 'lead_work';
/** The kinds that stand for a record of ours (a lead or a sample request). */
export type CrmRecordKind = Exclude<CrmJobKind, 'erasure' | 'lead_work'>;
export type CrmJobState = 'pending' | 'running' | 'done' | 'failed';

export interface CrmJob {
  id: number;
  kind: CrmJobKind;
  recordId: number;
  state: CrmJobState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  lockedBy: string | null;
  lockedAt: string | null;
  personId: number | null;
  /** The sync created `personId` (rather than finding a person staff had made); null when not known. */
  personCreated: boolean | null;
  orgId: number | null;
  dealId: number | null;
  /** A `lead_work` job's lead. */
  leadId: number | null;
  /** The Pipedrive note a `lead_work` note job made. */
  noteId: number | null;
}

/**
 * Queues the record for Pipedrive. Call it with the transaction that stores the record, so the record and its
 * job commit together (or not at all). Workers of this process are woken once that transaction commits.
 */
export async function enqueueCrmSync(db: Knex, job: NewCrmJob, nowIso = new Date().toISOString()): Promise<void> {
  await enqueueCrmSyncs(db, [job], nowIso);
}

/** A job to queue: its kind, its record, and (a `lead_work` job) the lead the record belongs to. */
export interface NewCrmJob {
  kind: CrmJobKind;
  id: number;
  leadId?: number;
}

/** Several records at once (one multi-row insert), in the transaction that stores them. */
export async function enqueueCrmSyncs(db: Knex, jobs: NewCrmJob[], nowIso = new Date().toISOString()): Promise<void> {
  if (jobs.length === 0) return;
  await writeInTransaction(
    db,
    db('crm_sync_jobs')
      .insert(
        jobs.map((job) => ({
          kind: job.kind,
          record_id: job.id,
          ...(job.leadId !== undefined ? { lead_id: job.leadId } : {}),
          state: 'pending',
          attempts: 0,
          next_attempt_at: nowIso,
          created_at: nowIso,
          updated_at: nowIso,
        })),
      )
      .onConflict(['kind', 'record_id'])
      .ignore(),
  );
  notifyAfterCommit(db);
}

/** Wakes the workers once `db`'s transaction commits (at once when `db` is not a transaction). */
function notifyAfterCommit(db: Knex): void {
  afterCommit(db, notifyCrmJobsCommitted);
}

function jobFromRow(row: Record<string, unknown>): CrmJob {
  const num = (v: unknown) => (v == null || v === '' ? null : Number(v));
  return {
    id: Number(row.id),
    kind: row.kind as CrmJobKind,
    recordId: Number(row.record_id),
    state: row.state as CrmJobState,
    attempts: Number(row.attempts),
    nextAttemptAt: toIso(row.next_attempt_at),
    lastError: (row.last_error as string | null) ?? null,
    lockedBy: (row.locked_by as string | null) ?? null,
    lockedAt: row.locked_at == null ? null : toIso(row.locked_at),
    personId: num(row.person_id),
    personCreated: row.person_created == null ? null : toBool(row.person_created),
    orgId: num(row.org_id),
    dealId: num(row.deal_id),
    leadId: num(row.lead_id),
    noteId: num(row.note_id),
  };
}

/**
 * The record's person or company behind a job row (`alias`): its normalised address (email_normalised, the form
 * every "same address" rule compares), or its company trimmed and lower-cased; null when blank or an erasure.
 */
function recordKeySql(alias: string, column: 'email' | 'company'): string {
  const key = (table: string) => (column === 'email' ? `${table}.email_normalised` : `lower(trim(${table}.company))`);
  const of = (table: string) => `(select nullif(${key(table)}, '') from ${table} where ${table}.id = ${alias}.record_id)`;
  return `(case when ${alias}.kind = 'lead' then ${of('leads')} when ${alias}.kind = 'sample_request' then ${of('sample_requests')} end)`;
}

/**
 * True for a job whose person or organization another live claim is syncing right now. Two syncs of one
 * e-mail (or one company) at once would both search Pipedrive before either creates, and make two persons:
 * such a job waits until the other is done. Two changes of one lead's deal wait for each other too, so the one
 * that reads the lead last also writes the deal last.
 */
const busyWithSameContact = `exists (select 1 from crm_sync_jobs other
  where other.state = 'running' and other.locked_at >= ? and other.id <> crm_sync_jobs.id
  and (${recordKeySql('other', 'email')} = ${recordKeySql('crm_sync_jobs', 'email')}
    or ${recordKeySql('other', 'company')} = ${recordKeySql('crm_sync_jobs', 'company')}
    or other.lead_id = crm_sync_jobs.lead_id))`;

/** A due job looked at per claim: enough to get past jobs waiting for a contact in sync elsewhere. */
const CANDIDATES_PER_CLAIM = 50;

/** The CRM queue's claims take turns under this advisory lock on PostgreSQL. */
const CRM_QUEUE: LeaseQueue = { table: 'crm_sync_jobs', lockKey: 7_274_014n };

/** Jobs waiting for Pipedrive and the oldest one's age (GET /metrics). */
export const crmQueueBacklog = (db: Db, now: Date) => queueBacklog(db, CRM_QUEUE.table, now);

/**
 * Takes up to `limit` due jobs for `workerId` and counts the attempt, never two live claims for one e-mail
 * or one organization name: the shared lease claim (db/lease-claim.ts) takes each job by an UPDATE that
 * re-checks, in the same statement, that it is still due and that no live claim syncs its contact.
 */
export async function claimDueJobs(db: Db, workerId: string, now: Date, leaseMs: number, limit: number): Promise<CrmJob[]> {
  const rows = await claimDue(db, CRM_QUEUE, {
    workerId,
    now,
    leaseMs,
    limit,
    candidates: CANDIDATES_PER_CLAIM,
    exclude: (staleIso) => ({ sql: busyWithSameContact, bindings: [staleIso] }),
  });
  return rows.map(jobFromRow);
}

/** Remembers what already exists in Pipedrive for this job, while the claim is still ours. */
export async function saveCheckpoint(
  db: Knex,
  job: CrmJob,
  workerId: string,
  ids: { personId?: number | null; personCreated?: boolean; orgId?: number | null; dealId?: number | null; noteId?: number },
  nowIso: string,
): Promise<void> {
  const patch: Record<string, unknown> = { updated_at: nowIso };
  if (ids.noteId !== undefined) patch.note_id = String(ids.noteId);
  if (ids.personId !== undefined) patch.person_id = ids.personId == null ? null : String(ids.personId);
  if (ids.personCreated !== undefined) patch.person_created = ids.personCreated;
  if (ids.orgId !== undefined) patch.org_id = ids.orgId == null ? null : String(ids.orgId);
  if (ids.dealId !== undefined) patch.deal_id = ids.dealId == null ? null : String(ids.dealId);
  await db('crm_sync_jobs').where({ id: job.id, locked_by: workerId, state: 'running' }).update(patch);
}

/** Ends a claimed job; false when the claim was lost meanwhile (another process took over a stale claim). */
export async function finishJob(
  db: Knex,
  job: CrmJob,
  workerId: string,
  outcome: { state: CrmJobState; lastError: string | null; nextAttemptAt?: string; dealId?: number | null; attempts?: number },
  nowIso: string,
): Promise<boolean> {
  const patch: Record<string, unknown> = { state: outcome.state, last_error: outcome.lastError, updated_at: nowIso };
  if (outcome.attempts !== undefined) patch.attempts = outcome.attempts;
  if (outcome.nextAttemptAt) patch.next_attempt_at = outcome.nextAttemptAt;
  if (outcome.dealId !== undefined) patch.deal_id = outcome.dealId == null ? null : String(outcome.dealId);
  return finishClaim(db, CRM_QUEUE.table, job.id, workerId, patch);
}

/** Queues the record again from scratch (admin's "Retry sync"); creates the job if it never had one. */
export async function requeueJob(db: Knex, kind: CrmRecordKind, recordId: number, nowIso: string): Promise<void> {
  const n = await db('crm_sync_jobs')
    .where({ kind, record_id: recordId })
    .whereNot('state', 'running')
    .update({ state: 'pending', attempts: 0, next_attempt_at: nowIso, last_error: null, locked_by: null, locked_at: null, updated_at: nowIso });
  if (n === 0) await enqueueCrmSync(db, { kind, id: recordId }, nowIso);
  else notifyAfterCommit(db);
}

/** The Pipedrive deal the lead's own sync made or found (a checkpoint once the deal exists), or null before. */
export async function leadDealId(db: Knex, leadId: number): Promise<number | null> {
  const row = await db('crm_sync_jobs').select('deal_id').where({ kind: 'lead', record_id: leadId }).first();
  return row?.deal_id == null || row.deal_id === '' ? null : Number(row.deal_id);
}

/** The lead's changes that wait for its deal are due now: call it in the transaction that ends the lead's sync. */
export async function wakeLeadWork(db: Knex, leadId: number, nowIso: string): Promise<void> {
  const n = await db('crm_sync_jobs').where({ kind: 'lead_work', lead_id: leadId, state: 'pending' }).update({ next_attempt_at: nowIso });
  if (n) notifyAfterCommit(db);
}

export async function countJobs(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = (await db('crm_sync_jobs').select('state').count({ n: '*' }).whereIn('state', ['pending', 'running', 'failed']).groupBy('state')) as {
    state: string;
    n: number | string;
  }[];
  let pending = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.state === 'failed') failed += Number(r.n);
    else pending += Number(r.n);
  }
  return { pending, failed };
}

/**
 * The jobs of these records. With `lock` (inside a transaction), locked until it ends (PostgreSQL: FOR UPDATE,
 * so a claim waits for the transaction and then finds the job gone; SQLite: its one writer). An erasure reads
 * here which Pipedrive ids the sync made for the records, and whether a sync of one is under way right now.
 */
export async function jobsOfRecords(db: Knex, records: { kind: CrmRecordKind; ids: readonly number[] }[], { lock }: { lock: boolean }): Promise<CrmJob[]> {
  const jobs: CrmJob[] = [];
  for (const { kind, ids } of records) {
    for (const chunk of chunksOf(ids)) {
      const query = db('crm_sync_jobs').select('*').where({ kind }).whereIn('record_id', chunk).orderBy('id');
      const rows = await (lock ? lockedForUpdate(db, query, 'crm_sync_jobs') : query);
      jobs.push(...rows.map(jobFromRow));
      if (kind !== 'lead') continue;
      // A lead's changes for Pipedrive (owner, stage, notes) go with the lead, and one under way holds an erasure.
      const work = db('crm_sync_jobs').select('*').where({ kind: 'lead_work' }).whereIn('lead_id', chunk).orderBy('id');
      jobs.push(...(await (lock ? lockedForUpdate(db, work, 'crm_sync_jobs') : work)).map(jobFromRow));
    }
  }
  return jobs;
}

/** Whether a job is being synced right now: claimed, and the claim younger than the lease (its process lives). */
export function isLiveClaim(job: CrmJob, now: Date, leaseMs: number): boolean {
  return job.state === 'running' && job.lockedAt !== null && now.getTime() - Date.parse(job.lockedAt) < leaseMs;
}

/** Deletes these jobs (an erased record's queue entries, run or not); answers how many went. */
export async function deleteJobs(db: Knex, jobIds: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunksOf(jobIds)) deleted += await db('crm_sync_jobs').whereIn('id', chunk).delete();
  return deleted;
}

/**
 * Queues the deletion of these Pipedrive persons and deals: a `crm_erasures` row holding only their ids, and
 * an `erasure` job pointing at it, in the caller's transaction (with the erasure it belongs to).
 */
export async function enqueueErasure(trx: Knex.Transaction, ids: { personIds: readonly number[]; dealIds: readonly number[] }, nowIso: string): Promise<void> {
  const [row] = await trx('crm_erasures')
    .insert({ person_ids: JSON.stringify(ids.personIds), deal_ids: JSON.stringify(ids.dealIds), created_at: nowIso })
    .returning('id');
  const id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
  await enqueueCrmSyncs(trx, [{ kind: 'erasure', id }], nowIso);
}

/** The Pipedrive ids an erasure job deletes; undefined when its row is gone. */
export async function findErasure(db: Knex, id: number): Promise<{ personIds: number[]; dealIds: number[] } | undefined> {
  const row = await db('crm_erasures').where({ id }).first();
  if (!row) return undefined;
  const ids = (v: unknown) => (JSON.parse(String(v)) as unknown[]).map(Number).filter(Number.isSafeInteger);
  return { personIds: ids(row.person_ids), dealIds: ids(row.deal_ids) };
}

/** Forgets an erasure's Pipedrive ids once they are deleted there. */
export async function deleteErasure(db: Knex, id: number): Promise<void> {
  await db('crm_erasures').where({ id }).delete();
}

/** Pipedrive erasures not done yet, and the last error of one that failed an attempt. */
export async function waitingErasures(db: Knex): Promise<{ waiting: number; lastError: string | null }> {
  const rows: { last_error: string | null }[] = await db('crm_sync_jobs')
    .select('last_error')
    .where({ kind: 'erasure' })
    .whereNot('state', 'done')
    .orderBy('updated_at', 'desc');
  return { waiting: rows.length, lastError: rows.find((r) => r.last_error)?.last_error ?? null };
}
