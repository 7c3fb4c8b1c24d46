// Lead capture and the admin's view of leads. The rows and their roll-up counts are written by
// leads-queries (insertLead, changeLead), which keep lead_rollups in step in the same transaction: that is
// what lets the dashboard's stats stay fast at a million leads.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { looksLikeSpam } from '../../lib/spam-guard';
import { LEAD_SOURCE_LABEL, type Lead, type LeadData } from '../../contract';
import type { Db } from '../../db/knex';
import { submitIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { groupCommitFor, type GroupCommit } from '../idempotency/group-commit';
import { enqueueCrmSyncs } from '../crm/crm-queries';
import { insertLeads, listLeads, type CaptureColumns, type LeadFilters, type LeadPage } from './leads-queries';
import { NO_CAPTURE_DETAILS } from '../capture-details/capture-details-columns';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** A lead to store: from a form (a page's source label) or captured at an event (`Event: <name>`). */
export type NewLead = Omit<LeadData, 'source'> & { source: string };

/** POST /api/leads: spam is answered like a success and not stored; everything else is stored once per key. */
export async function submitLead(deps: Deps, input: LeadData, idempotencyKey: string | undefined): Promise<Outcome> {
  if (looksLikeSpam(input)) {
    return { status: 201, body: decoyLead(input, deps.clock().toISOString()), replayed: false };
  }
  const writer = groupCommitFor(leadWriters, deps.db, 'leads', storeLeadBatch);
  return submitIdempotent(deps, writer, { key: idempotencyKey, request: input, payload: { input, nowIso: deps.clock().toISOString() } });
}

/** Leads from the form that arrive together are stored by one transaction with multi-row statements. */
const leadWriters = new WeakMap<Db, GroupCommit<PendingLead>>();
interface PendingLead {
  input: LeadData;
  nowIso: string;
}
const storeLeadBatch = async (trx: Knex.Transaction, batch: PendingLead[]) =>
  (await createLeads(trx, batch)).map((lead) => ({ status: 201, body: lead }));

/**
 * Stores a lead (counted in its rollup) and queues it for the CRM; with the caller's transaction as `db`, the
 * lead, its count and its CRM job commit together. `capture` names the event and the staff account when a rep captured the lead at an event.
 */
export async function createLead(db: Knex, input: NewLead, nowIso: string, capture?: CaptureColumns): Promise<Lead> {
  const [lead] = await createLeads(db, [{ input, nowIso, capture }]);
  return lead!;
}

/** createLead for several leads at once: one insert for the leads, one for their counts, one for their CRM jobs. */
export async function createLeads(db: Knex, leads: { input: NewLead; nowIso: string; capture?: CaptureColumns | undefined }[]): Promise<Lead[]> {
  const stored = await insertLeads(
    db,
    leads.map(({ input, nowIso, capture }) => {
      const { website: _website, elapsedMs: _elapsed, leadSource: _ignored, ...fields } = input;
      return { data: { ...fields, leadSource: LEAD_SOURCE_LABEL }, status: 'new', nowIso, capture };
    }),
  );
  await enqueueCrmSyncs(db, stored.map((lead) => ({ kind: 'lead' as const, id: lead.id })), leads[0]?.nowIso);
  return stored;
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
