// The dashboard's calls: one page of leads at a time, newest first, with the next
// page named by the `Link: <…>; rel="next"` header; the stats; and the CSV export URL for the same filters.
import type { CrmStatus, EventDetail, EventSummary, Lead, LeadNoteInput, LeadOwner, LeadStage, LeadStageInput, LeadTimelineEntry, StaffMember, Stats } from '@contract';
import { apiClient } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { readKnownUser } from '../../lib/known-user';
import { submitThroughOutbox } from '../../lib/outbox';
import { nextPageQuery } from '../../lib/next-page';

export const LEADS_PAGE_SIZE = 25;
const LEADS_PATH = '/api/admin/leads';

export interface LeadFilters {
  q: string;
  status: string;
  /** An event's exact name: leads captured there; '' for every lead. */
  event: string;
  /** Qualification from event captures: '' for any. */
  rating: string;
  followUp: string;
  interest: string;
  /** true: the suspected spam waiting in quarantine instead of the leads. */
  spam: boolean;
  /** Whose leads: '' anyone's, 'me' the signed-in person's, 'none' nobody's yet. */
  owner: '' | 'me' | 'none';
  /** The sales team's stage: '' for any. */
  stage: '' | LeadStage;
}

export interface LeadsPage {
  leads: Lead[];
  /** Query string of the next page, or null on the last page. */
  next: string | null;
}

function filterParams({ q, status, event, rating, followUp, interest, spam, owner, stage }: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  if (event) params.set('event', event);
  if (rating) params.set('rating', rating);
  if (followUp) params.set('followUp', followUp);
  if (interest) params.set('interest', interest);
  if (spam) params.set('spam', '1');
  if (owner) params.set('owner', owner);
  if (stage) params.set('stage', stage);
  return params;
}

/** The first page for these filters, or the page a previous answer's Link header pointed to. */
export async function fetchLeadsPage(filters: LeadFilters, next?: string): Promise<LeadsPage> {
  let query = next;
  if (query === undefined) {
    const params = filterParams(filters);
    params.set('limit', String(LEADS_PAGE_SIZE));
    query = params.toString();
  }
  const response = await apiClient.get(`${LEADS_PATH}?${query}`);
  const leads = await response.json<Lead[]>();
  return { leads, next: nextPageQuery(response.headers.get('Link')) };
}

/** The events leads were captured at, for the event filter. */
export function fetchEvents(): Promise<EventSummary[]> {
  return apiClient.get('/api/admin/events').json<EventSummary[]>();
}

const eventPath = (name: string) => `/api/admin/events/${encodeURIComponent(name)}`;

/** One event's counts: per rep, by rating, with photos, CRM state, consent. */
export function fetchEventSummary(name: string): Promise<EventDetail> {
  return apiClient.get(`${eventPath(name)}/summary`).json<EventDetail>();
}

/** Every lead captured at the event, as CSV (downloaded with the session cookie). */
export function eventCsvUrl(name: string): string {
  return `${eventPath(name)}/leads.csv`;
}

export function fetchStats(): Promise<Stats> {
  return apiClient.get('/api/admin/stats').json<Stats>();
}

/** The server streams every lead matching the filters as CSV; the link downloads it with the session cookie. */
export function leadsCsvUrl(filters: LeadFilters): string {
  const query = filterParams(filters).toString();
  return `${LEADS_PATH}.csv${query ? `?${query}` : ''}`;
}

/** GET /api/admin/crm/status: whether Pipedrive is configured, and how many syncs wait or failed. */
export function fetchCrmStatus(): Promise<CrmStatus> {
  return apiClient.get('/api/admin/crm/status').json<CrmStatus>();
}

/** Puts a failed lead back on the CRM queue; answers the lead (status `new` again). */
export function retryLeadSync(id: number): Promise<Lead> {
  return apiClient.post(`${LEADS_PATH}/${id}/retry-sync`).json<Lead>();
}

/** What a take or a stage change came to: the lead as it now stands, or kept on this device for want of network. */
export type LeadChange = { status: 'sent'; lead: Lead } | { status: 'queued' };

/**
 * The lead's take and stage go through the outbox like a note (kept under the signed-in account offline, sent
 * once when the network returns), but without an Idempotency-Key: both routes are idempotent by nature (taking a
 * lead one holds answers it as it is; setting the stage it has changes nothing, and writes no timeline line), so
 * a replay whose first answer was lost stores nothing twice. `keyless` also makes a replay's 409 on a take
 * (somebody was quicker meanwhile) a refusal the outbox shows with the server's "<Name> has this lead.".
 */
async function leadChange(kind: 'lead-take' | 'lead-stage', lead: Pick<Lead, 'id' | 'firstName' | 'lastName'>, path: string, body: Record<string, unknown>): Promise<LeadChange> {
  const owner = readKnownUser() ?? undefined;
  const about = `${lead.firstName} ${lead.lastName}`.trim();
  const url = `${LEADS_PATH}/${lead.id}/${path}`;
  const method = kind === 'lead-stage' ? 'PUT' : 'POST';
  const result = await submitThroughOutbox({ kind, url, body, method, idempotencyKey: newIdempotencyKey(), authenticated: true, keyless: true, about, ...(owner ? { owner } : {}) });
  return result.status === 'sent' ? { status: 'sent', lead: result.body as Lead } : result;
}

/** "Take it": the lead becomes the caller's; 409 with "<Name> has this lead." when somebody else has it. */
export function takeLead(lead: Pick<Lead, 'id' | 'firstName' | 'lastName'>): Promise<LeadChange> {
  return leadChange('lead-take', lead, 'take', {});
}

/** "Not spam": takes the lead out of quarantine; the server counts it and queues it for the CRM. */
export function releaseLead(id: number): Promise<Lead> {
  return apiClient.post(`${LEADS_PATH}/${id}/release`).json<Lead>();
}

/** PUT …/stage: answers the lead as it now stands (or waits on this device, as a take does). */
export function changeLeadStage(lead: Pick<Lead, 'id' | 'firstName' | 'lastName'>, input: LeadStageInput): Promise<LeadChange> {
  return leadChange('lead-stage', lead, 'stage', { ...input });
}

/**
 * POST …/notes through the outbox, with the note's own Idempotency-Key: sent now when the network allows, else
 * kept on this device under the signed-in account and sent once when it returns (a rep in a hall).
 */
export async function addLeadNote(id: number, input: LeadNoteInput, idempotencyKey: string): Promise<'sent' | 'queued'> {
  const owner = readKnownUser() ?? undefined;
  const body = { ...input };
  return (await submitThroughOutbox({ kind: 'lead-note', url: `${LEADS_PATH}/${id}/notes`, body, idempotencyKey, authenticated: true, ...(owner ? { owner } : {}) })).status;
}

/** Notes and every owner and stage change, newest first. */
export function fetchLeadTimeline(id: number): Promise<LeadTimelineEntry[]> {
  return apiClient.get(`${LEADS_PATH}/${id}/timeline`).json<LeadTimelineEntry[]>();
}

/** One lead by id, for its details (a notification's link). */
export function fetchLead(id: number): Promise<Lead> {
  return apiClient.get(`${LEADS_PATH}/${id}`).json<Lead>();
}

/** PUT …/owner (admins): another active staff member, or null for nobody; answers the lead as it now stands. */
export function assignLead(id: number, userId: number | null): Promise<Lead> {
  return apiClient.put(`${LEADS_PATH}/${id}/owner`, { json: { userId } }).json<Lead>();
}

/**
 * Who a lead can be given to: the active accounts of the Team screen's list (GET /api/admin/users, admins only),
 * read here rather than through the team feature, which this one does not import.
 */
export async function fetchAssignableStaff(): Promise<LeadOwner[]> {
  const staff = await apiClient.get('/api/admin/users').json<StaffMember[]>();
  return staff.filter((member) => member.state === 'active').map(({ id, name, email }) => ({ id, name: name || email }));
}
