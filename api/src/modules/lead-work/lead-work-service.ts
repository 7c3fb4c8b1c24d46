// Working a lead (issue #31): taking it, assigning it, moving its stage, writing notes, and reading its timeline.
// The rules, in one place: an admin may work any lead; a rep only a lead they own (403 otherwise), except taking
// an unowned one. Every change writes its timeline row in the same transaction as the change, with what follows it
// (lead-work-followers.ts: the CRM's job that carries it to Pipedrive), and once committed
// the lead as it is now goes out on the live stream as `lead.updated` (admins, and the owning rep), so open desks
// update. Leads in quarantine are not worked (404): they are not leads until released.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { leadEvent } from '../../pipeline/live-events';
import { runIdempotent, type Outcome } from '../../pipeline/idempotency';
import type { CurrentUser, Lead, LeadNoteInput, LeadOwner, LeadStageInput, LeadTakenBody, LeadTimelineEntry } from '../../contract';
import { findLead } from '../leads';
import { findUserById, isActive } from '../auth';
import { insertTimeline, lockLeadWork, setOwner, setStage, takeIfUnowned, timelineOf, type LeadWorkRow, type NewTimelineRow } from './lead-work-queries';
import { followLeadWork } from './lead-work-followers';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live' | 'leadWorkFollowers'>;

/** The idempotency scope of notes: a note replayed from a device's outbox under its key is stored once. */
export const NOTE_KEY_SCOPE = 'lead-notes';

const TIMELINE_LIMIT = 500;

const notFound = () => new AppError('not_found', 'Lead not found');

/** Who may change this lead: admins any; a rep only their own. */
function mayWork(user: CurrentUser, lead: LeadWorkRow): boolean {
  return user.role === 'admin' || lead.ownerUserId === user.id;
}

/** Writes the change's timeline row and, in the same transaction, what follows it (the CRM's job). */
async function record(deps: Deps, trx: Knex.Transaction, entry: NewTimelineRow): Promise<number> {
  const entryId = await insertTimeline(trx, entry);
  await followLeadWork(deps.leadWorkFollowers, trx, { leadId: entry.leadId, entryId, kind: entry.kind, from: entry.from ?? null, to: entry.to ?? null, at: entry.nowIso });
  return entryId;
}

async function workable(trx: Knex.Transaction, user: CurrentUser, id: number): Promise<LeadWorkRow> {
  const lead = await lockLeadWork(trx, id);
  if (!lead || lead.inQuarantine) throw notFound();
  if (!mayWork(user, lead)) throw new AppError('forbidden', 'You can only work leads you own.');
  return lead;
}

/**
 * After the commit: the lead as it is now, to every open desk that may see it, and to the rep it was taken from
 * (`previousOwner`), whose desk then lets it go. Best effort, like crm-live.
 */
async function announce(deps: Deps, id: number, previousOwner: number | null = null): Promise<Lead> {
  const lead = await findLead(deps.db, id);
  // Erased between the commit and this read: nothing left to show.
  if (!lead) throw notFound();
  try {
    const nowIso = deps.clock().toISOString();
    deps.live.publish(leadEvent('lead.updated', lead, nowIso, lead.owner?.id ?? null));
    if (previousOwner !== null && previousOwner !== lead.owner?.id) deps.live.publish(leadEvent('lead.updated', lead, nowIso, previousOwner));
  } catch (err) {
    deps.logger.warn({ err, leadId: id }, 'lead change not announced');
  }
  return lead;
}

export type TakeResult = { taken: true; lead: Lead } | { taken: false; body: LeadTakenBody };

/**
 * "Take it": one conditional UPDATE (owner still null) decides between two people taking at once; the loser is
 * told who has it. Taking a lead one already owns answers it as it is (a replayed take).
 */
export async function takeLead(deps: Deps, user: CurrentUser, id: number): Promise<TakeResult> {
  const nowIso = deps.clock().toISOString();
  const outcome = await deps.db.transaction(async (trx): Promise<'taken' | 'mine' | LeadOwner> => {
    if (await takeIfUnowned(trx, id, user.id, nowIso)) {
      await record(deps, trx, { leadId: id, kind: 'owner', actorUserId: user.id, from: null, to: String(user.id), nowIso });
      return 'taken';
    }
    const lead = await findLead(trx, id);
    if (!lead || lead.spamReason !== null) throw notFound();
    if (lead.owner?.id === user.id) return 'mine';
    return lead.owner!;
  });
  if (outcome === 'taken') return { taken: true, lead: await announce(deps, id) };
  if (outcome === 'mine') return { taken: true, lead: (await findLead(deps.db, id))! };
  return { taken: false, body: { message: `${outcome.name} has this lead.`, owner: outcome } };
}

/** An admin assigns, reassigns or unassigns: the new owner must be an active staff account (400 otherwise). */
export async function assignLead(deps: Deps, user: CurrentUser, id: number, userId: number | null): Promise<Lead> {
  const nowIso = deps.clock().toISOString();
  let previousOwner: number | null = null;
  const changed = await deps.db.transaction(async (trx) => {
    if (userId !== null) {
      const owner = await findUserById(trx, userId);
      if (!owner || !isActive(owner)) {
        throw new AppError('validation', 'userId: Choose an active staff member', { errors: { userId: 'Choose an active staff member' } });
      }
    }
    const lead = await workable(trx, user, id);
    if (lead.ownerUserId === userId) return false;
    previousOwner = lead.ownerUserId;
    await setOwner(trx, id, userId, nowIso);
    await record(deps, trx, { leadId: id, kind: 'owner', actorUserId: user.id, from: lead.ownerUserId === null ? null : String(lead.ownerUserId), to: userId === null ? null : String(userId), nowIso });
    return true;
  });
  return changed ? announce(deps, id, previousOwner) : (await findLead(deps.db, id))!;
}

/** Moves the stage (a reason only for Not a fit); the first move past New stops the lead's clock. */
export async function changeStage(deps: Deps, user: CurrentUser, id: number, input: LeadStageInput): Promise<Lead> {
  const nowIso = deps.clock().toISOString();
  const reason = input.stage === 'not_a_fit' ? (input.reason ?? null) : null;
  const changed = await deps.db.transaction(async (trx) => {
    const lead = await workable(trx, user, id);
    if (lead.stage === input.stage && lead.stageReason === reason) return false;
    await setStage(trx, lead, input.stage, reason, nowIso);
    await record(deps, trx, { leadId: id, kind: 'stage', actorUserId: user.id, from: lead.stage, to: input.stage, body: reason, nowIso });
    return true;
  });
  return changed ? announce(deps, id) : (await findLead(deps.db, id))!;
}

/**
 * Adds a note, exactly once per Idempotency-Key (a note kept offline and sent again is stored once): the key is
 * claimed, the note stored and the answer recorded in one transaction. The signed-in user is part of what the key
 * guards, so one person's key never answers another's note.
 */
export async function addNote(deps: Deps, user: CurrentUser, id: number, input: LeadNoteInput, key: string | undefined): Promise<Outcome> {
  const outcome = await runIdempotent(deps, { scope: NOTE_KEY_SCOPE, key, request: { leadId: id, body: input.body, by: user.id } }, async (trx) => {
    await workable(trx, user, id);
    const nowIso = deps.clock().toISOString();
    const entryId = await record(deps, trx, { leadId: id, kind: 'note', actorUserId: user.id, body: input.body, nowIso });
    const [entry] = await timelineOf(trx, [], { ids: [entryId] });
    return { status: 201, body: entry };
  });
  if (!outcome.replayed) await announce(deps, id);
  return outcome;
}

/** The lead's timeline, newest first, for an admin or the lead's owner. */
export async function leadTimeline(deps: Deps, user: CurrentUser, id: number): Promise<LeadTimelineEntry[]> {
  const lead = await findLead(deps.db, id);
  if (!lead || lead.spamReason !== null) throw notFound();
  if (user.role !== 'admin' && lead.owner?.id !== user.id) throw new AppError('forbidden', 'You can only work leads you own.');
  return timelineOf(deps.db, [id], { limit: TIMELINE_LIMIT });
}

/** One timeline row by its id, for what follows a change (the CRM's job reads it when it runs); undefined once erased. */
export async function leadWorkEntry(db: Deps['db'], id: number): Promise<LeadTimelineEntry | undefined> {
  const [entry] = await timelineOf(db, [], { ids: [id] });
  return entry;
}
