// What a lead or a sample request becomes in Pipedrive: a person (found by e-mail or created), an
// organization (found by company name or created), a deal whose title carries a marker (#L<id> / #S<id>), and
// a note with everything else. Each step looks before it creates and leaves a checkpoint on the job, so running
// a job twice — after a crash, a lost answer or a stale claim — never makes a second deal or note. A person or
// organization this product made itself is found in crm_known_ids before Pipedrive is searched (its search
// trails its writes), and the claim never lets two syncs of one e-mail or company run at once.
import type { Knex } from 'knex';
import {
  INDUSTRIES, SAMPLE_TYPES, VOLUMES, pipelineCentsOf,
  type Attribution, type Lead, type SampleRequest,
} from '../../contract';
import { findLead } from '../leads';
import { findSampleRequest } from '../samples';
import { captureDetailsNoteRows } from '../capture-details';
import { PipedriveError, type PipedriveClient } from './pipedrive-client';
import { saveCheckpoint, type CrmJob } from './crm-queries';
import { findKnownId, rememberId } from './crm-known-ids';

export const DEAL_CURRENCY = 'USD';

export const leadMarker = (id: number) => `#L${id}`;
export const sampleMarker = (id: number) => `#S${id}`;

/** The lead's pipeline estimate: the volume bucket's monthly pieces at its tier price, in dollars (0 without a volume). */
export function leadDealValue(volume: string | null): number {
  return pipelineCentsOf(volume) / 100;
}

/**
 * Visitor text for a deal title without anything shaped like our markers (`#L12`, `# s 7`…): the marker at
 * the end of a title is ours alone, so nobody can write a title that names another record.
 */
export function withoutMarkers(text: string): string {
  return text.replace(/#\s*[LS]\s*\d+/gi, ' ').replace(/\s+/g, ' ').trim();
}

/** Who a deal is for: the company, else the person's name, as visitor text without markers. */
function dealWho(r: { firstName: string; lastName: string; company: string | null }): string {
  return withoutMarkers(r.company ?? '') || withoutMarkers(`${r.firstName} ${r.lastName}`) || 'Website visitor';
}

export function leadDealTitle(lead: Pick<Lead, 'id' | 'firstName' | 'lastName' | 'company' | 'source'>): string {
  return `${dealWho(lead)} — demo request from ${withoutMarkers(lead.source)} ${leadMarker(lead.id)}`;
}

export function sampleDealTitle(request: Pick<SampleRequest, 'id' | 'firstName' | 'lastName' | 'company'>): string {
  return `Sample pack — ${dealWho(request)} ${sampleMarker(request.id)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const labelOf = (list: readonly { value: string; label: string }[], value: string | null) =>
  value ? (list.find((i) => i.value === value)?.label ?? value) : null;

function noteHtml(heading: string, rows: [string, string | null | undefined][], body?: string | null): string {
  const lines = rows
    .filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '')
    .map(([k, v]) => `<b>${escapeHtml(k)}:</b> ${escapeHtml(v)}`);
  const text = body ? `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>` : '';
  return `<p><b>${escapeHtml(heading)}</b></p>${text}<p>${lines.join('<br>')}</p>`;
}

function attributionRows(a: Attribution | null): [string, string | undefined][] {
  return [
    ['UTM source', a?.utmSource],
    ['UTM medium', a?.utmMedium],
    ['UTM campaign', a?.utmCampaign],
    ['UTM term', a?.utmTerm],
    ['UTM content', a?.utmContent],
    ['Referrer', a?.referrer],
    ['Landing page', a?.landingPage],
  ];
}

export function leadNote(lead: Lead): string {
  return noteHtml(
    `DirectMailers website lead ${leadMarker(lead.id)}`,
    [
      ['Industry', labelOf(INDUSTRIES, lead.industry)],
      ['Volume', labelOf(VOLUMES, lead.volume)],
      ['Source', lead.source],
      ['Lead source', lead.leadSource],
      ['Phone', lead.phone],
      ['Received', lead.createdAt],
      ...captureDetailsNoteRows(lead),
      ...attributionRows(lead.attribution),
    ],
    lead.message,
  );
}

export function sampleNote(r: SampleRequest): string {
  const address = [r.addressLine1, r.addressLine2, `${r.city}, ${r.state} ${r.zip}`].filter(Boolean).join(', ');
  return noteHtml(
    `Free sample pack request ${sampleMarker(r.id)}`,
    [
      ['Mail to', `${r.firstName} ${r.lastName}${r.company ? `, ${r.company}` : ''}`],
      ['Mailing address', address],
      ['Sample type', labelOf(SAMPLE_TYPES, r.sampleType)],
      ['Phone', r.phone],
      ['Received', r.createdAt],
      ...attributionRows(r.attribution),
    ],
    r.notes,
  );
}

export interface SyncContext {
  db: Knex;
  client: PipedriveClient;
  workerId: string;
  clock: () => Date;
}

/** Brings one job's record into Pipedrive; answers the deal id. Throws PipedriveError on failure. */
export async function syncJob(ctx: SyncContext, job: CrmJob): Promise<{ dealId: number }> {
  if (job.kind === 'erasure') throw new PipedriveError('An erasure is not a record to sync', false);
  if (job.kind === 'lead') {
    const lead = await findLead(ctx.db, job.recordId);
    if (!lead) throw new PipedriveError(`Lead ${job.recordId} no longer exists`, false);
    return syncContact(ctx, job, {
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      marker: leadMarker(lead.id),
      title: leadDealTitle(lead),
      value: leadDealValue(lead.volume),
      note: leadNote(lead),
    });
  }
  const request = await findSampleRequest(ctx.db, job.recordId);
  if (!request) throw new PipedriveError(`Sample request ${job.recordId} no longer exists`, false);
  return syncContact(ctx, job, {
    name: `${request.firstName} ${request.lastName}`,
    email: request.email,
    phone: request.phone,
    company: request.company,
    marker: sampleMarker(request.id),
    title: sampleDealTitle(request),
    value: 0,
    note: sampleNote(request),
  });
}

interface ContactDeal {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  marker: string;
  title: string;
  value: number;
  note: string;
}

async function syncContact(ctx: SyncContext, job: CrmJob, d: ContactDeal): Promise<{ dealId: number }> {
  const { client } = ctx;
  const checkpoint = (ids: Parameters<typeof saveCheckpoint>[3]) =>
    saveCheckpoint(ctx.db, job, ctx.workerId, ids, ctx.clock().toISOString());

  // Ids this product created itself come first: Pipedrive's search may not show them yet.
  const now = ctx.clock();
  const needOrg = !job.orgId && !!d.company;
  const needPerson = !job.personId;
  const [knownOrg, knownPerson] = await Promise.all([
    needOrg ? findKnownId(ctx.db, 'org', d.company!, now) : Promise.resolve(null),
    needPerson ? findKnownId(ctx.db, 'person', d.email, now) : Promise.resolve(null),
  ]);
  // The two searches do not depend on each other: one round trip instead of two.
  const [foundOrg, foundPerson] = await Promise.all([
    needOrg && !knownOrg ? client.findOrganizationByName(d.company!) : Promise.resolve(knownOrg),
    needPerson && !knownPerson ? client.findPersonByEmail(d.email) : Promise.resolve(knownPerson),
  ]);

  let orgId = job.orgId;
  if (needOrg) {
    orgId = foundOrg;
    if (!orgId) {
      orgId = await client.createOrganization(d.company!);
      await rememberId(ctx.db, 'org', d.company!, orgId, ctx.clock());
    }
    await checkpoint({ orgId });
  }

  let personId = job.personId;
  if (!personId) {
    personId = foundPerson;
    // Whether we made the person decides whether erasing this record may delete it (crm-erasure.ts).
    const personCreated = !personId;
    if (!personId) {
      personId = await client.createPerson({ name: d.name, email: d.email, phone: d.phone, orgId });
      await rememberId(ctx.db, 'person', d.email, personId, ctx.clock());
    }
    await checkpoint({ personId, personCreated });
  }

  // Only this person's deals, by the exact title (which ends with the record's marker).
  let dealId = job.dealId ?? (await client.findPersonDealByTitle(personId, d.title));
  const created = !dealId;
  if (!dealId) {
    dealId = await client.createDeal({ title: d.title, value: d.value, currency: DEAL_CURRENCY, personId, orgId });
  }
  if (dealId !== job.dealId) await checkpoint({ dealId });

  // The note carries the marker too, so a deal found again (not created now) gets it at most once.
  if (created || !(await client.dealHasNote(dealId, d.marker))) {
    await client.addNote(dealId, d.note);
  }
  return { dealId };
}
