// The one erase path: a person's erasure and every retention run delete through eraseRecords, in the caller's
// transaction, each part by its owner:
// - the CRM side first (crm-erasure): it locks the records' sync jobs, so no sync of them starts meanwhile;
//   a record being synced right now is refused (a person's erasure: 409) or left for the next run (retention);
// - the stored answers of exactly-once submissions (idempotency): the body goes, the key stays recognised;
// - card photos, then capture rows, then the leads themselves through leads-queries' deleteLeads, which takes
//   their counts out of lead_rollups (the dashboard's stats; event summaries are counted from the rows);
//   the search index follows the rows (SQLite: its triggers; PostgreSQL: indexes on the table itself);
// - sample requests, with their attribution columns;
// - the live stream's replay window's events about them (each carries the record as the admin lists show it).
import type { Knex } from 'knex';
import type { ErasureCounts } from '../../contract';
import { deleteLeads } from '../leads/leads-queries';
import { LEAD_KEY_SCOPE } from '../leads/leads-service';
import { CAPTURE_KEY_SCOPE } from '../capture/capture-service';
import { SAMPLE_KEY_SCOPE } from '../samples/samples-service';
import { deleteSampleRequests } from '../samples/samples-queries';
import { deleteCapturesOfLeads } from '../capture-details/lead-captures-queries';
import { deletePhotosOfLeads } from '../capture-photos/capture-photos-queries';
import { dropAnswersOfRecords } from '../idempotency/idempotency-queries';
import { personKey } from '../crm/crm-known-ids';
import { lockCrmJobs, releaseFromCrm, syncingNow, syncUnderWay, type ErasedRecord } from '../crm/crm-erasure';
import { deleteLiveEventsOfRecords } from '../live/live-queries';
import { recordsOfAddresses, type RecordRef } from './privacy-queries';

export interface ErasureSet {
  leads: RecordRef[];
  sampleRequests: RecordRef[];
}

export interface EraseOptions {
  now: Date;
  /** A sync claim younger than this is under way (config.crm.leaseMs). */
  leaseMs: number;
  /** A record whose CRM sync is under way: refuse the whole erasure, or keep that record for the next run. */
  whenSyncing: 'refuse' | 'skip';
}

/**
 * Every table this path deletes rows from or rewrites rows of, so the caller can have the old versions
 * removed from the database's files once the erasure has committed (flushDeletedData). A table added to the
 * path belongs here too: the privacy test reads every tuple of every table and finds one left out.
 */
export const ERASED_TABLES = ['crm_sync_jobs', 'crm_known_ids', 'idempotency_keys', 'capture_photos', 'lead_captures', 'leads', 'sample_requests', 'live_events'] as const;

export const NOTHING_ERASED: ErasureCounts = {
  leads: 0,
  sampleRequests: 0,
  captures: 0,
  photos: 0,
  storedAnswers: 0,
  crmJobs: 0,
  pipedrivePersons: 0,
  pipedriveDeals: 0,
};

export async function eraseRecords(trx: Knex.Transaction, set: ErasureSet, options: EraseOptions): Promise<ErasureCounts> {
  let records: ErasedRecord[] = [
    ...set.leads.map((r) => ({ kind: 'lead' as const, ...r })),
    ...set.sampleRequests.map((r) => ({ kind: 'sample_request' as const, ...r })),
  ];
  if (records.length === 0) return { ...NOTHING_ERASED };
  let jobs = await lockCrmJobs(trx, records);
  const busy = syncingNow(jobs, options.now, options.leaseMs);
  if (busy.length) {
    if (options.whenSyncing === 'refuse') throw syncUnderWay();
    const waits = new Set(busy.map((job) => `${job.kind}:${job.recordId}`));
    records = records.filter((r) => !waits.has(`${r.kind}:${r.id}`));
    jobs = jobs.filter((job) => !waits.has(`${job.kind}:${job.recordId}`));
  }
  const leadIds = records.filter((r) => r.kind === 'lead').map((r) => r.id);
  const sampleIds = records.filter((r) => r.kind === 'sample_request').map((r) => r.id);

  const crm = await releaseFromCrm(trx, records, jobs, await addressesLeftWithout(trx, records), options.now.toISOString());
  const storedAnswers =
    (await dropAnswersOfRecords(trx, [LEAD_KEY_SCOPE, CAPTURE_KEY_SCOPE], leadIds)) + (await dropAnswersOfRecords(trx, [SAMPLE_KEY_SCOPE], sampleIds));
  const photos = await deletePhotosOfLeads(trx, leadIds);
  const captures = await deleteCapturesOfLeads(trx, leadIds);
  const leads = await deleteLeads(trx, leadIds);
  const sampleRequests = await deleteSampleRequests(trx, sampleIds);
  await deleteLiveEventsOfRecords(trx, { leadIds, sampleIds });
  return { leads, sampleRequests, captures, photos, storedAnswers, ...crm };
}

/** The addresses of these records that no other record keeps: once they go, so may the address's CRM person. */
async function addressesLeftWithout(trx: Knex.Transaction, records: readonly ErasedRecord[]): Promise<string[]> {
  const erased = new Set(records.map((r) => `${r.kind}:${r.id}`));
  const all = await recordsOfAddresses(trx, records.map((r) => r.email));
  const kept = new Set([
    ...all.leads.filter((r) => !erased.has(`lead:${r.id}`)).map((r) => personKey(r.email)),
    ...all.sampleRequests.filter((r) => !erased.has(`sample_request:${r.id}`)).map((r) => personKey(r.email)),
  ]);
  return [...new Set(records.map((r) => personKey(r.email)))].filter((email) => !kept.has(email));
}
