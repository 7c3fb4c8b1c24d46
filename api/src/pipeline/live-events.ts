// The events services publish on the live bus, built in one place so every screen meets the same shapes:
// a lead or sample request as its list shows it (`record`), named for a notification by person and company.
// Published only once the change is committed, and never for a record in quarantine (until it is released).
import type { Lead, LiveEventDraft, SampleRequest } from '../contract';

type Person = Pick<Lead, 'firstName' | 'lastName' | 'company'>;

function titleOf({ firstName, lastName, company }: Person): string {
  const name = `${firstName} ${lastName}`.trim();
  return company ? `${name}, ${company}` : name;
}

export function leadEvent(type: 'lead.created' | 'lead.updated' | 'lead.overdue' | 'capture.created' | 'crm.status', lead: Lead, at: string, repUserId: number | null = null): LiveEventDraft {
  return { type, at, recordId: lead.id, title: titleOf(lead), repUserId, recordKind: 'lead', record: lead };
}

export function sampleEvent(type: 'sample.created' | 'sample.updated' | 'crm.status', request: SampleRequest, at: string): LiveEventDraft {
  return { type, at, recordId: request.id, title: titleOf(request), repUserId: null, recordKind: 'sample', record: request };
}
