// A record's CRM status changed (a sync finished, failed, or was retried from the admin): the staff's live desk
// hears of it as `crm.status`, with the record as it is now.
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/knex';
import { leadEvent, sampleEvent } from '../../pipeline/live-events';
import { findLead } from '../leads';
import { findSampleRequest } from '../samples';

/**
 * After a committed change of a record's CRM status: the record as it is now, as `crm.status`. Best effort: the
 * change is stored whatever happens here, and a screen that missed it sees it on its next load.
 */
export async function publishCrmStatus(deps: { db: Db; live?: AppDeps['live'] | undefined; clock: () => Date }, kind: 'lead' | 'sample_request', id: number): Promise<void> {
  if (!deps.live) return;
  const at = deps.clock().toISOString();
  if (kind === 'lead') {
    const lead = await findLead(deps.db, id);
    if (lead && lead.spamReason === null) deps.live.publish(leadEvent('crm.status', lead, at));
  } else {
    const request = await findSampleRequest(deps.db, id);
    if (request && request.spamReason === null) deps.live.publish(sampleEvent('crm.status', request, at));
  }
}
