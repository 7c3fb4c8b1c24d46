// A lead's work, carried to its Pipedrive deal (issue #31), one way only: the product to Pipedrive. Every owner,
// stage or note change queues a `lead_work` job in the change's own transaction (crmLeadWorkFollower), and the
// sync worker runs it like any other job (claim, backoff, retries):
// - owner: the deal's owner becomes the Pipedrive user with the owner's e-mail (crm-pipedrive-users.ts); none, or
//   an unassigned lead, leaves the deal's owner as it is.
// - stage: Not a fit marks the deal lost with the reason; a move out of Not a fit opens it again (the product
//   marked it lost, so the product takes that back); other moves say nothing to Pipedrive.
// - note: a Pipedrive note on the deal, once.
// Owner and stage jobs apply the lead as it is when they run, not as the change left it, and two jobs of one lead
// never run at once (the claim), so whichever runs last writes what the lead is now, whatever order retries take.
// A job waits, without spending attempts, until the lead's own sync has its deal; that sync wakes it (wakeLeadWork).
import type { Knex } from 'knex';
import type { Lead, LeadTimelineEntry } from '../../contract';
import { findLead } from '../leads';
import type { LeadWorkFollower } from '../../deps';
import { leadWorkEntry } from '../lead-work';
import type { DealPatch, PipedriveClient } from './pipedrive-client';
import { enqueueCrmSyncs, leadDealId, saveCheckpoint, type CrmJob } from './crm-queries';
import { pipedriveUserOf } from './crm-pipedrive-users';

/** Queues the change for Pipedrive; stage moves that neither enter nor leave Not a fit change nothing there. */
export const crmLeadWorkFollower: LeadWorkFollower = {
  name: 'crm',
  async inTransaction(trx, change) {
    if (change.kind === 'stage' && change.from !== 'not_a_fit' && change.to !== 'not_a_fit') return;
    await enqueueCrmSyncs(trx, [{ kind: 'lead_work', id: change.entryId, leadId: change.leadId }], change.at);
  },
};

export interface LeadWorkContext {
  db: Knex;
  client: PipedriveClient;
  workerId: string;
  clock: () => Date;
}

/** `done`: nothing more to do (sent, or nothing to send); `wait`: the lead has no deal yet. */
export type LeadWorkOutcome = 'done' | 'wait';

/**
 * The text a staff note's Pipedrive copy ends with. Its `<i>` cannot come from typed text (escaped, like the note
 * itself), so a note holding it is ours; the closing `)` keeps note 12 from matching note 123.
 */
export const staffNoteMark = (entryId: number) => `(DirectMailers note #N${entryId})</i>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function staffNoteHtml(entry: { id: number; body: string; actor: { name: string } | null }): string {
  const by = entry.actor ? `${escapeHtml(entry.actor.name)} ` : '';
  return `<p>${escapeHtml(entry.body).replace(/\r?\n/g, '<br>')}</p><p><i>— ${by}${staffNoteMark(entry.id)}</p>`;
}

/** What the deal should become for this change, given the lead as it is now; null: nothing to send. */
async function dealPatchFor(ctx: LeadWorkContext, entry: LeadTimelineEntry, lead: Lead): Promise<DealPatch | null> {
  if (entry.kind === 'owner') {
    if (!lead.owner) return null;
    const ownerId = await pipedriveUserOf(ctx, lead.owner.id);
    return ownerId === null ? null : { owner_id: ownerId };
  }
  if (entry.kind === 'stage') {
    if (lead.stage === 'not_a_fit') return { status: 'lost', lost_reason: lead.stageReason ?? '' };
    return entry.from === 'not_a_fit' ? { status: 'open' } : null;
  }
  return null;
}

/** Runs one `lead_work` job. Throws PipedriveError like a sync, and is retried like one. */
export async function syncLeadWork(ctx: LeadWorkContext, job: CrmJob): Promise<LeadWorkOutcome> {
  const entry = await leadWorkEntry(ctx.db, job.recordId);
  // Erased (with its lead) since it was queued: there is nothing left to send.
  if (!entry) return 'done';
  const lead = await findLead(ctx.db, entry.leadId);
  if (!lead) return 'done';
  const dealId = job.dealId ?? (await leadDealId(ctx.db, lead.id));
  if (dealId === null) return 'wait';
  const checkpoint = (ids: Parameters<typeof saveCheckpoint>[3]) => saveCheckpoint(ctx.db, job, ctx.workerId, ids, ctx.clock().toISOString());
  if (dealId !== job.dealId) await checkpoint({ dealId });

  if (entry.kind === 'note') {
    if (job.noteId !== null) return 'done';
    // A later attempt may follow one whose note Pipedrive stored but whose answer never came back (a timeout, a
    // dropped connection, a process that died): look for it on the deal before writing it again.
    const earlier = job.attempts > 1 ? await ctx.client.findDealNote(dealId, staffNoteMark(entry.id)) : null;
    const noteId = earlier ?? (await ctx.client.addNote(dealId, staffNoteHtml(entry)));
    await checkpoint({ noteId });
    return 'done';
  }
  const patch = await dealPatchFor(ctx, entry, lead);
  if (patch) await ctx.client.updateDeal(dealId, patch);
  return 'done';
}
