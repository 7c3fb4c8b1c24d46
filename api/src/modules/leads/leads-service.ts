// Lead capture and the admin's view of leads. The rows and their roll-up counts are written by
// leads-queries (insertLeads, changeLead, releaseLead), which keep lead_rollups in step in the same
// transaction: that is what lets the dashboard's stats stay fast at a million leads. Suspected spam is stored
// in quarantine: not counted, not synced, until staff release it.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { spamReasonOf, withoutSpamGuards } from '../../lib/spam-guard';
import { LEAD_SOURCE_LABEL, type Lead, type LeadData, type PublicAnswer, type SpamReason } from '../../contract';
import { notFound } from '../../http/errors';
import { maybePurgeQuarantine } from '../quarantine/quarantine-purge';
import type { Db } from '../../db/knex';
import { submitIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { groupCommitFor, type GroupCommit } from '../idempotency/group-commit';
import { enqueueCrmSyncs } from '../crm/crm-queries';
import { leadEvent } from '../live/live-events';
import { findLead, insertLeads, listLeads, releaseLead, type CaptureColumns, type LeadFilters, type LeadPage } from './leads-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live'>;

/** The Idempotency-Key scope of POST /api/leads (a key's stored answer names the lead: its `record_id`). */
export const LEAD_KEY_SCOPE = 'leads';

/** A lead to store: from a form (a page's source label) or captured at an event (`Event: <name>`). */
export type NewLead = Omit<LeadData, 'source'> & { source: string };

/**
 * POST /api/leads: stored once per key. Suspected spam is stored too, in quarantine, and answered exactly like
 * a lead: nothing tells the sender (a bot, or a person whose browser filled the form too fast) which it was.
 */
export async function submitLead(deps: Deps, input: LeadData, idempotencyKey: string | undefined): Promise<Outcome> {
  maybePurgeQuarantine(deps);
  const writer = groupCommitFor(leadWriters, deps.db, LEAD_KEY_SCOPE, storeLeadBatch);
  const payload = { input, nowIso: deps.clock().toISOString(), spamReason: spamReasonOf(input) };
  const outcome = await submitIdempotent(deps, writer, { key: idempotencyKey, request: input, payload });
  // Staff screens hear of a lead once, when it is first stored; suspected spam only when it is released.
  if (!outcome.replayed && outcome.status === 201 && payload.spamReason === null) {
    deps.live.publish(leadEvent('lead.created', { ...(outcome.body as PublicAnswer<Lead>), spamReason: null }, payload.nowIso));
  }
  return outcome;
}

/** Leads from the form that arrive together are stored by one transaction with multi-row statements. */
const leadWriters = new WeakMap<Db, GroupCommit<PendingLead>>();
interface PendingLead {
  input: LeadData;
  nowIso: string;
  spamReason: SpamReason | null;
}
const storeLeadBatch = async (trx: Knex.Transaction, batch: PendingLead[]) =>
  (await createLeads(trx, batch)).map((lead) => ({ status: 201, body: publicAnswer(lead) }));

/** The sender's answer: the stored lead without the quarantine mark. */
function publicAnswer({ spamReason: _mark, ...lead }: Lead): PublicAnswer<Lead> {
  return lead;
}

/**
 * Stores a lead (counted in its rollup) and queues it for the CRM; with the caller's transaction as `db`, the
 * lead, its count and its CRM job commit together. `capture` names the event and the staff account when a rep captured the lead at an event.
 */
export async function createLead(db: Knex, input: NewLead, nowIso: string, capture?: CaptureColumns): Promise<Lead> {
  const [lead] = await createLeads(db, [{ input, nowIso, capture }]);
  return lead!;
}

/** createLead for several leads at once: one insert for the leads, one for their counts, one for their CRM jobs. */
export async function createLeads(
  db: Knex,
  leads: { input: NewLead; nowIso: string; capture?: CaptureColumns | undefined; spamReason?: SpamReason | null }[],
): Promise<Lead[]> {
  const stored = await insertLeads(
    db,
    leads.map(({ input, nowIso, capture, spamReason }) => {
      const { leadSource: _ignored, ...fields } = withoutSpamGuards(input);
      return { data: { ...fields, leadSource: LEAD_SOURCE_LABEL }, status: 'new', nowIso, capture, spamReason };
    }),
  );
  const toSync = stored.filter((lead) => lead.spamReason === null);
  await enqueueCrmSyncs(db, toSync.map((lead) => ({ kind: 'lead' as const, id: lead.id })), leads[0]?.nowIso);
  return stored;
}

/**
 * "Not spam": the lead leaves quarantine, is counted and goes to the CRM, in one transaction. Releasing a lead
 * already released answers it as it is (a second press changes nothing).
 */
export async function releaseQuarantinedLead({ db, clock, live }: Pick<AppDeps, 'db' | 'clock' | 'live'>, id: number): Promise<Lead> {
  const nowIso = clock().toISOString();
  const released = await db.transaction(async (trx) => {
    const lead = await releaseLead(trx, id, nowIso);
    if (lead) await enqueueCrmSyncs(trx, [{ kind: 'lead', id }], nowIso);
    return lead;
  });
  if (released) live.publish(leadEvent('lead.created', released, nowIso));
  const lead = released ?? (await findLead(db, id));
  if (!lead) throw notFound('Lead');
  return lead;
}

/** One lead for its detail (a notification's click opens it): suspected spam too, as the spam list shows it. */
export async function leadById({ db }: Pick<AppDeps, 'db'>, id: number): Promise<Lead> {
  const lead = await findLead(db, id);
  if (!lead) throw notFound('Lead');
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
