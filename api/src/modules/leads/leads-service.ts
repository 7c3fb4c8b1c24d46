// Leads: the public form's kind of submission, and the admin's view of leads. The rows and their roll-up counts
// are written by leads-queries (insertLeads, changeLead, releaseLead), which keep lead_rollups in step in the same
// transaction: that is what lets the dashboard's stats stay fast at a million leads. What follows a stored lead
// (its CRM job, its live event) is the pipeline's followers' business, not this module's. Suspected spam is
// stored in quarantine: not counted, not followed, until staff release it.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { withoutSpamGuards } from '../../lib/spam-guard';
import { LEAD_SOURCE_LABEL, type Lead, type LeadData, type PublicAnswer, type SpamReason } from '../../contract';
import { notFound } from '../../http/errors';
import type { Outcome } from '../../pipeline/group-commit';
import { submit, type StoredRecord, type SubmissionKind } from '../../pipeline/submissions';
import { deleteQuarantinedLeads, findLead, insertLeads, listLeads, releaseLead, type CaptureColumns, type LeadFilters, type LeadPage } from './leads-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'submissions'>;

/** The Idempotency-Key scope of POST /api/leads (a key's stored answer names the lead: its `record_id`). */
export const LEAD_KEY_SCOPE = 'leads';

/** A lead to store: from a form (a page's source label) or captured at an event (`Event: <name>`). */
export type NewLead = Omit<LeadData, 'source'> & { source: string };

/**
 * A lead from the public form: stored once per key. Suspected spam is stored too, in quarantine, and answered
 * exactly like a lead: nothing tells the sender (a bot, or a person whose browser filled the form too fast)
 * which it was.
 */
export const leadSubmissions: SubmissionKind<LeadData> = {
  scope: LEAD_KEY_SCOPE,
  judged: true,
  store: async (trx, batch) =>
    (await storeLeads(trx, batch)).map((lead, i) => ({
      answer: { status: 201, body: publicAnswer(lead) },
      records: [{ kind: 'lead', how: 'submitted', record: lead, at: batch[i]!.nowIso, repUserId: null }],
    })),
  deleteQuarantined: deleteQuarantinedLeads,
};

/** POST /api/leads. */
export function submitLead(deps: Deps, input: LeadData, idempotencyKey: string | undefined): Promise<Outcome> {
  return submit(deps, leadSubmissions, { input, key: idempotencyKey, by: undefined });
}

/** The sender's answer: the stored lead without the quarantine mark. */
function publicAnswer({ spamReason: _mark, ...lead }: Lead): PublicAnswer<Lead> {
  return lead;
}

/**
 * Stores leads (counted in their rollups) with one insert for the leads and one for their counts, in the caller's
 * transaction. `capture` names the event and the staff account when a rep captured the lead at an event.
 */
export function storeLeads(
  db: Knex,
  leads: readonly { input: NewLead; nowIso: string; capture?: CaptureColumns | undefined; spamReason?: SpamReason | null }[],
): Promise<Lead[]> {
  return insertLeads(
    db,
    leads.map(({ input, nowIso, capture, spamReason }) => {
      const { leadSource: _ignored, ...fields } = withoutSpamGuards(input);
      return { data: { ...fields, leadSource: LEAD_SOURCE_LABEL }, status: 'new', nowIso, capture, spamReason };
    }),
  );
}

/**
 * "Not spam": the lead leaves quarantine, is counted and followed (CRM, live desk) like a new lead, in one
 * transaction. Releasing a lead already released answers it as it is (a second press changes nothing).
 */
export async function releaseQuarantinedLead({ db, clock, submissions }: Pick<AppDeps, 'db' | 'clock' | 'submissions'>, id: number): Promise<Lead> {
  const nowIso = clock().toISOString();
  const released = await submissions.storeWith(db, async (trx) => {
    const lead = await releaseLead(trx, id, nowIso);
    const records: StoredRecord[] = lead ? [{ kind: 'lead', how: 'released', record: lead, at: nowIso, repUserId: null }] : [];
    return { result: lead, records };
  });
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

export type { LeadPage };

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
