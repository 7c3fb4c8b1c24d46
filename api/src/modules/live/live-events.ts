// The events services publish on the live bus, built in one place so every screen meets the same shapes:
// a lead or sample request as its list shows it (`record`), named for a notification by person and company.
// Published only once the change is committed, and never for a record in quarantine (until it is released).
import type { Lead, LiveEventDraft, SampleRequest } from '../../contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/knex';
import { findLead } from '../leads/leads-queries';
import { findSampleRequest } from '../samples/samples-queries';

type Person = Pick<Lead, 'firstName' | 'lastName' | 'company'>;

function titleOf({ firstName, lastName, company }: Person): string {
  const name = `${firstName} ${lastName}`.trim();
  return company ? `${name}, ${company}` : name;
}

export function leadEvent(type: 'lead.created' | 'lead.updated' | 'capture.created' | 'crm.status', lead: Lead, at: string, repUserId: number | null = null): LiveEventDraft {
  return { type, at, recordId: lead.id, title: titleOf(lead), repUserId, recordKind: 'lead', record: lead };
}

export function sampleEvent(type: 'sample.created' | 'sample.updated' | 'crm.status', request: SampleRequest, at: string): LiveEventDraft {
  return { type, at, recordId: request.id, title: titleOf(request), repUserId: null, recordKind: 'sample', record: request };
}

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
