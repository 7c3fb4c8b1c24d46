// The CRM module's front door: the sync to Pipedrive (its follower of every stored record, its worker, its admin
// routes) and its side of an erasure.
export { crmFollower } from './crm-follower';
export { crmRoutes } from './crm-routes';
export { CrmSyncWorker } from './crm-worker';
export { crmQueueBacklog, enqueueCrmSyncs } from './crm-queries';
export { personKey } from './crm-known-ids';
export {
  CRM_ERASED_TABLES, lockCrmJobs, pipedriveSideOf, releaseFromCrm, syncingNow, syncUnderWay, waitingErasures, type ErasedRecord,
} from './crm-erasure';
export { crmLeadWorkFollower } from './crm-lead-work';
// The wake-up of this process's sync workers, which SQLite's thread passes on after a batch it wrote (wiring.ts).
export { notifyCrmJobsCommitted, onCrmJobsCommitted } from './crm-signal';
