// Lead capture and the admin's view of leads. Every write keeps lead_rollups in step in the same transaction,
// which is what lets the dashboard's stats stay fast at a million leads.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { looksLikeSpam } from '../../lib/spam-guard';
import { LEAD_SOURCE_LABEL, type Lead, type LeadData } from '../../contract';
import { runIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { enqueueCrmSync } from '../crm/crm-queries';
import { NO_CAPTURE_DETAILS } from '../capture-details/capture-details-columns';
import { bumpLeadRollup, findLead, insertLead, listLeads, updateLeadStatus, type CaptureColumns, type LeadFilters, type LeadPage } from './leads-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** A lead to store: from a form (a page's source label) or captured at an event (`Event: <name>`). */
export type NewLead = Omit<LeadData, 'source'> & { source: string };

/** The UTC calendar day a timestamp falls on: the rollups' and the chart's unit. */
export const utcDay = (iso: string) => iso.slice(0, 10);

/** POST /api/leads: spam is answered like a success and not stored; everything else is stored once per key. */
export async function submitLead(deps: Deps, input: LeadData, idempotencyKey: string | undefined): Promise<Outcome> {
  if (looksLikeSpam(input)) {
    return { status: 201, body: decoyLead(input, deps.clock().toISOString()), replayed: false };
  }
  return runIdempotent(deps, { scope: 'leads', key: idempotencyKey, request: input }, async (trx) => ({
    status: 201,
    body: await createLead(trx, input, deps.clock().toISOString()),
  }));
}

/**
 * Stores a lead and counts it in its rollup; `db` is a transaction (or the caller accepts two statements).
 * `capture` names the event and the staff account when a rep captured the lead (issue 6).
 */
export async function createLead(db: Knex, input: NewLead, nowIso: string, capture?: CaptureColumns): Promise<Lead> {
  const { website: _website, elapsedMs: _elapsed, leadSource: _ignored, ...fields } = input;
  const lead = await insertLead(db, { ...fields, leadSource: LEAD_SOURCE_LABEL }, 'new', nowIso, capture);
  await bumpLeadRollup(db, utcDay(lead.createdAt), lead.status, lead.volume, 1);
  await enqueueCrmSync(db, { kind: 'lead', id: lead.id }, nowIso);
  return lead;
}

/**
 * Moves a lead to another status (the CRM sync will call this) and moves its count between rollups.
 * A concurrent change to the same lead makes this one fail with a conflict rather than double-count.
 */
export async function setLeadStatus(deps: Deps, id: number, status: string): Promise<Lead> {
  return deps.db.transaction(async (trx) => {
    const lead = await findLead(trx, id);
    if (!lead) throw notFound('Lead');
    if (lead.status === status) return lead;
    const changed = await updateLeadStatus(trx, id, lead.status, status, deps.clock().toISOString());
    if (!changed) throw new AppError('conflict', 'The lead was changed at the same time; try again');
    const day = utcDay(lead.createdAt);
    await bumpLeadRollup(trx, day, lead.status, lead.volume, -1);
    await bumpLeadRollup(trx, day, status, lead.volume, 1);
    return { ...lead, status };
  });
}

export function listLeadPage(deps: Pick<AppDeps, 'db'>, page: LeadPage): Promise<Lead[]> {
  return listLeads(deps.db, page);
}

/** Every lead matching the filters, newest first, read in keyset batches so memory stays flat at any size. */
export async function* allLeads(deps: Pick<AppDeps, 'db'>, filters: LeadFilters, batchSize = 1000): AsyncGenerator<Lead> {
  let before: number | undefined;
  for (;;) {
    const batch = await listLeads(deps.db, { ...filters, limit: batchSize, before });
    yield* batch;
    if (batch.length < batchSize) return;
    before = batch[batch.length - 1]!.id;
  }
}

/** What a bot is shown: the shape of a stored lead with id 0, so nothing tells it that it was caught. */
function decoyLead(input: LeadData, nowIso: string): Lead {
  return {
    id: 0,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    company: input.company ?? null,
    phone: input.phone ?? null,
    industry: input.industry ?? null,
    volume: input.volume ?? null,
    message: input.message ?? null,
    leadSource: LEAD_SOURCE_LABEL,
    source: input.source,
    status: 'new',
    syncError: null,
    attribution: input.attribution ?? null,
    eventName: null,
    capturedBy: null,
    createdAt: nowIso,
    ...NO_CAPTURE_DETAILS,
  };
}
