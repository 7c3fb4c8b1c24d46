// The CRM's part in every stored record: a sync job, written in the record's own transaction, so a lead or a
// sample request is handed to Pipedrive exactly once however its submission was retried. A capture merged into a
// lead the rep's event already had is no new record: its lead's job exists already.
import type { Follower } from '../../pipeline/submissions';
import { enqueueCrmSyncs } from './crm-queries';

export const crmFollower: Follower = {
  name: 'crm',
  async inTransaction(trx, records) {
    const jobs = records.filter((r) => r.how !== 'merged').map((r) => ({ kind: r.kind, id: r.record.id }));
    if (jobs.length) await enqueueCrmSyncs(trx, jobs, records[0]!.at);
  },
};
