// Lead capture and the admin's view of leads. The rows and their roll-up counts are written by
// leads-queries (insertLead, changeLead), which keep lead_rollups in step in the same transaction: that is
// what lets the dashboard's stats stay fast at a million leads.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { looksLikeSpam } from '../../lib/spam-guard';
import { LEAD_SOURCE_LABEL, type Lead, type LeadData } from '../../contract';
import { runIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { enqueueCrmSync } from '../crm/crm-queries';
import { NO_CAPTURE_DETAILS } from '../capture-details/capture-details-columns';
import { insertLead, listLeads, type CaptureColumns, type LeadFilters, type LeadPage } from './leads-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** A lead to store: from a form (a page's source label) or captured at an event (`Event: <name>`). */
export type NewLead = Omit<LeadData, 'source'> & { source: string };

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
 * Stores a lead (counted in its rollup) and queues it for the CRM; with the caller's transaction as `db`, the
 * lead, its count and its CRM job commit together. `capture` names the event and the staff account when a rep captured the lead at an event.
 */
export async function createLead(db: Knex, input: NewLead, nowIso: string, capture?: CaptureColumns): Promise<Lead> {
  const { website: _website, elapsedMs: _elapsed, leadSource: _ignored, ...fields } = input;
  const lead = await insertLead(db, { ...fields, leadSource: LEAD_SOURCE_LABEL }, 'new', nowIso, capture);
  await enqueueCrmSync(db, { kind: 'lead', id: lead.id }, nowIso);
  return lead;
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
