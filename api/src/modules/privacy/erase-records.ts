// The one erase path: a person's erasure and every retention run delete through eraseRecords, in the caller's
// transaction. The CRM side goes first (crm-erasure): it locks the records' sync jobs, so no sync of them starts
// meanwhile; a record being synced right now is refused (a person's erasure: 409) or left for the next run
// (retention). Then every module that keeps personal data about the records erases its own part through its
// front door (lib/personal-data.ts), in the order of PARTS: card photos and capture rows before the leads they
// belong to; the leads' part takes their counts out of the rollups.
import type { Knex } from 'knex';
import type { ErasureCounts } from '../../contract';
import type { ErasedRecords, PersonalDataPart } from '../../lib/personal-data';
import { capturePhotosPersonalData } from '../capture-photos';
import { captureDetailsPersonalData } from '../capture-details';
import { capturePersonalData } from '../capture';
import { leadsPersonalData } from '../leads';
import { samplesPersonalData } from '../samples';
import { livePersonalData } from '../live';
import { mailPersonalData } from '../mail';
import { leadWorkPersonalData } from '../lead-work';
import { CRM_ERASED_TABLES, lockCrmJobs, personKey, releaseFromCrm, syncingNow, syncUnderWay, type ErasedRecord } from '../crm';
import { recordsOfAddresses, type RecordRef } from './privacy-queries';

/** Every module's part, in the order they run. */
const PARTS: readonly PersonalDataPart[] = [capturePhotosPersonalData, captureDetailsPersonalData, capturePersonalData, mailPersonalData, leadWorkPersonalData, leadsPersonalData, samplesPersonalData, livePersonalData];

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
 * Every table this path deletes rows from or rewrites rows of, so the caller can have the old versions removed
 * from the database's files once the erasure has committed (flushDeletedData): each part names its own (the
 * privacy test reads every tuple of every table and finds one left out).
 */
export const ERASED_TABLES: readonly string[] = [...new Set([...CRM_ERASED_TABLES, ...PARTS.flatMap((part) => part.tables)])];

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
  const erased: ErasedRecords = {
    leadIds: records.filter((r) => r.kind === 'lead').map((r) => r.id),
    sampleIds: records.filter((r) => r.kind === 'sample_request').map((r) => r.id),
  };
  const counts: ErasureCounts = { ...NOTHING_ERASED, ...(await releaseFromCrm(trx, records, jobs, await addressesLeftWithout(trx, records), options.now.toISOString())) };
  for (const part of PARTS) {
    for (const [name, n] of Object.entries(await part.erase(trx, erased))) counts[name as keyof ErasureCounts] += n;
  }
  return counts;
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
