// Erasing records from the CRM's side. In the erasure's own transaction (releaseFromCrm): the records' sync
// jobs go, run or not; the Pipedrive deals the sync made for them, and the persons it created for addresses no
// record keeps any more, are queued for deletion as one `erasure` job; the ids remembered by address are
// forgotten. Later, the sync worker runs that job like any other (claims, backoff, checkpoints), so an
// outage of Pipedrive delays the deletion but never loses it (eraseInPipedrive).
//
// What the product did not make is left alone: a person the sync found in Pipedrive (made by hand, or by
// another tool) is not deleted, nor is an organization (it may hold other people).
import type { Knex } from 'knex';
import { AppError } from '../../http/errors';
import type { PipedriveClient } from './pipedrive-client';
import { deleteJobs, enqueueErasure, findErasure, isLiveClaim, jobsOfRecords, type CrmJob, type CrmRecordKind } from './crm-queries';
import { forgetPersons, knownPersonIds, personKey } from './crm-known-ids';

/** A lead or sample request being erased, with its address (what its Pipedrive person was found by). */
/** The tables the CRM's side of an erasure deletes rows from (the sync jobs, the remembered Pipedrive ids). */
export const CRM_ERASED_TABLES = ['crm_sync_jobs', 'crm_known_ids'] as const;

export interface ErasedRecord {
  kind: CrmRecordKind;
  id: number;
  email: string;
}

/** What an erasure did on the CRM's side. */
export interface CrmRelease {
  crmJobs: number;
  pipedrivePersons: number;
  pipedriveDeals: number;
}

function byKind(records: readonly ErasedRecord[]) {
  const ids = (kind: CrmRecordKind) => records.filter((r) => r.kind === kind).map((r) => r.id);
  return [
    { kind: 'lead' as const, ids: ids('lead') },
    { kind: 'sample_request' as const, ids: ids('sample_request') },
  ];
}

/**
 * Locks the sync jobs of these records for the rest of the transaction and answers them. Call it before
 * anything else of the erasure: a claim of one of them then waits for the erasure, and finds its job gone.
 */
export function lockCrmJobs(trx: Knex.Transaction, records: readonly ErasedRecord[]): Promise<CrmJob[]> {
  return jobsOfRecords(trx, byKind(records), { lock: true });
}

/**
 * The jobs being synced at this moment. Erasing their record now would let the sync, already past our
 * reach, make a person or a deal (and remember the address) after the erasure: such a record waits.
 */
export function syncingNow(jobs: readonly CrmJob[], now: Date, leaseMs: number): CrmJob[] {
  return jobs.filter((job) => isLiveClaim(job, now, leaseMs));
}

export const syncUnderWay = () =>
  new AppError('conflict', 'This person is being sent to Pipedrive right now. Try again in a few seconds.');

/**
 * What erasing these records would delete in Pipedrive: every deal their syncs made (a deal found again by
 * its exact title and marker is ours as much as one we made), and, for addresses no record keeps afterwards
 * (`emailsGone`), the persons the product created: by a job that created it, or remembered in crm_known_ids.
 */
async function pipedriveTargets(db: Knex, records: readonly ErasedRecord[], jobs: readonly CrmJob[], emailsGone: readonly string[]) {
  const gone = new Set(emailsGone.map(personKey));
  const emailOf = new Map(records.map((r) => [`${r.kind}:${r.id}`, personKey(r.email)]));
  const dealIds = new Set<number>();
  const personIds = new Set<number>();
  for (const job of jobs) {
    if (job.dealId !== null) dealIds.add(job.dealId);
    const email = emailOf.get(`${job.kind}:${job.recordId}`);
    if (job.personId !== null && job.personCreated === true && email !== undefined && gone.has(email)) personIds.add(job.personId);
  }
  for (const id of await knownPersonIds(db, [...gone])) personIds.add(id);
  return { personIds: [...personIds], dealIds: [...dealIds] };
}

/** How many Pipedrive persons and deals erasing all these records (one person's) would delete. */
export async function pipedriveSideOf(db: Knex, records: readonly ErasedRecord[], emailsGone: readonly string[]): Promise<{ persons: number; deals: number }> {
  const jobs = await jobsOfRecords(db, byKind(records), { lock: false });
  const { personIds, dealIds } = await pipedriveTargets(db, records, jobs, emailsGone);
  return { persons: personIds.length, deals: dealIds.length };
}

/**
 * Deletes the records' jobs and queues the Pipedrive side, in the erasure's transaction. `jobs` are those
 * lockCrmJobs answered for exactly these records; `emailsGone` the addresses no record keeps after this
 * erasure: only their persons are deleted and their remembered ids forgotten.
 */
export async function releaseFromCrm(
  trx: Knex.Transaction,
  records: readonly ErasedRecord[],
  jobs: readonly CrmJob[],
  emailsGone: readonly string[],
  nowIso: string,
): Promise<CrmRelease> {
  const { personIds, dealIds } = await pipedriveTargets(trx, records, jobs, emailsGone);
  await forgetPersons(trx, emailsGone);
  const crmJobs = await deleteJobs(trx, jobs.map((job) => job.id));
  if (personIds.length || dealIds.length) await enqueueErasure(trx, { personIds, dealIds }, nowIso);
  return { crmJobs, pipedrivePersons: personIds.length, pipedriveDeals: dealIds.length };
}

/**
 * The worker's side of an erasure job: every note on each deal, the deal, then the persons. Each deletion of
 * something already gone counts as done, so a retry after a failure part-way simply goes through the list
 * again. Throws PipedriveError like a sync, and is retried like one.
 */
export async function eraseInPipedrive(ctx: { db: Knex; client: PipedriveClient }, job: CrmJob): Promise<void> {
  const erasure = await findErasure(ctx.db, job.recordId);
  if (!erasure) return;
  for (const dealId of erasure.dealIds) {
    for (const noteId of await ctx.client.dealNoteIds(dealId)) await ctx.client.deleteNote(noteId);
    await ctx.client.deleteDeal(dealId);
  }
  for (const personId of erasure.personIds) await ctx.client.deletePerson(personId);
}

/** GET /api/admin/people/pipedrive-erasures' figures. */
export { waitingErasures } from './crm-queries';
