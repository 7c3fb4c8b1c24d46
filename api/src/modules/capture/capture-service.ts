// Event capture: a rep's capture becomes a lead like any other (rollups, CRM sync, `leadSource`),
// with `source` = `Event: <name>`, the event and the rep beside it. A second capture of an e-mail already
// captured at the same event merges into that lead: the notes are appended and empty fields filled, never
// overwritten. The Idempotency-Key makes each capture count once, however often the phone's outbox replays
// it; that matters more here than anywhere, since a replayed merge would append the notes twice.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { eventSourceLabel, type CaptureData, type CaptureResult, type CurrentUser, type EventSummary, type Lead } from '../../contract';
import type { Db } from '../../db/knex';
import { submitIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { groupCommitFor, type GroupCommit, type StoreMany, type StoredAnswer } from '../idempotency/group-commit';
import { changeLead, findLead, type LeadChange } from '../leads/leads-queries';
import { leadEvent } from '../live/live-events';
import { createLead, createLeads } from '../leads/leads-service';
import { captureDetailsColumns, mergedCaptureDetailsColumns } from '../capture-details/capture-details-columns';
import { recordCapture, recordCaptures } from '../capture-details/lead-captures-queries';
import { capturedId, findCapturedEmails, findCapturedLead, listEvents, lockEventEmail, lockEventEmails } from './capture-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live'>;

/** Between the notes of two captures of one person, so the sales team can tell them apart. */
export const NOTES_SEPARATOR = '\n\n---\n\n';

/** The Idempotency-Key scope of POST /api/capture/leads (`record_id`: the lead the capture became or merged into). */
export const CAPTURE_KEY_SCOPE = 'capture-leads';

export async function captureLead(deps: Deps, user: CurrentUser, input: CaptureData, idempotencyKey: string): Promise<Outcome> {
  const writer = groupCommitFor(captureWriters, deps.db, CAPTURE_KEY_SCOPE, storeCaptures);
  const payload: PendingCapture = { user, input, captureKey: idempotencyKey, nowIso: deps.clock().toISOString() };
  const outcome = await submitIdempotent(deps, writer, { key: idempotencyKey, request: input, payload });
  if (!outcome.replayed && outcome.status < 300) void announceCapture(deps, user, outcome.body as CaptureResult, payload.nowIso);
  return outcome;
}

/**
 * Staff screens hear of a new captured lead as `capture.created` (the rep who captured it sees it too), of a
 * capture merged into a lead as `lead.updated` (admins). Best effort: the capture is stored either way.
 */
async function announceCapture(deps: Deps, user: CurrentUser, result: CaptureResult, nowIso: string): Promise<void> {
  try {
    const lead = await findLead(deps.db, result.id);
    if (!lead) return;
    deps.live.publish(result.merged ? leadEvent('lead.updated', lead, nowIso) : leadEvent('capture.created', lead, nowIso, user.id));
  } catch (err) {
    deps.logger.warn({ err, leadId: result.id }, 'capture not announced to the live stream');
  }
}

interface PendingCapture {
  user: CurrentUser;
  input: CaptureData;
  /** The capture's Idempotency-Key: the device uploads the card photo under it. */
  captureKey: string;
  nowIso: string;
}
const captureWriters = new WeakMap<Db, GroupCommit<PendingCapture>>();

/** The answer says only what the rep's screen needs: a merge must not show one rep another's notes. */
function receipt({ input, nowIso }: PendingCapture, leadId: number, merged: boolean): CaptureResult {
  return { id: leadId, merged, eventName: input.eventName, capturedAt: nowIso };
}

/** The lead's own fields of a capture; qualification, consent and scan go to their columns (capture-details-columns). */
function newLeadOf({ input, user, nowIso }: PendingCapture) {
  const { eventName, notes, firstName, lastName, email, company, phone, industry, volume } = input;
  return {
    input: { firstName, lastName, email, company, phone, industry, volume, message: notes, source: eventSourceLabel(eventName) },
    nowIso,
    capture: { eventName, capturedBy: { id: user.id, name: user.name }, details: captureDetailsColumns(input, nowIso) },
  };
}

/**
 * Captures that arrive together share one transaction. The usual case, a person not yet captured at the
 * event, is stored for all of them with one multi-row insert; a merge, or a second capture of the same person
 * in the batch, goes through captureOne after it. The people of the batch are locked first (PostgreSQL), so a
 * concurrent capture of one of them waits for this commit and then merges; the unique index stays the
 * guarantee, and should it fail the batch, group commit retries each capture alone.
 */
const storeCaptures: StoreMany<PendingCapture> = async (trx, batch) => {
  const people = batch.map(({ input }) => ({ eventName: input.eventName, email: input.email }));
  await lockEventEmails(trx, people);
  const existing = await findCapturedEmails(trx, people);
  const seen = new Set<string>();
  const fresh: number[] = [];
  batch.forEach(({ input }, i) => {
    const id = capturedId(input.eventName, input.email);
    if (!existing.has(id) && !seen.has(id)) fresh.push(i);
    seen.add(id);
  });
  const answers: StoredAnswer[] = new Array(batch.length);
  const leads = await createLeads(trx, fresh.map((i) => newLeadOf(batch[i]!)));
  await recordCaptures(trx, fresh.map((i, n) => ({ captureKey: batch[i]!.captureKey, leadId: leads[n]!.id, capturedBy: batch[i]!.user.id, nowIso: batch[i]!.nowIso })));
  for (const [n, i] of fresh.entries()) answers[i] = { status: 201, body: receipt(batch[i]!, leads[n]!.id, false) };
  for (let i = 0; i < batch.length; i++) {
    if (!answers[i]) answers[i] = await captureOne(trx, batch[i]!);
  }
  return answers;
};

/** One capture: a merge into the lead this person already has at the event, or a new lead. */
async function captureOne(trx: Knex.Transaction, pending: PendingCapture): Promise<StoredAnswer> {
  const { user, input, captureKey, nowIso } = pending;
  await lockEventEmail(trx, input.eventName, input.email);
  const existing = await findCapturedLead(trx, input.eventName, input.email);
  if (existing) {
    await mergeCapture(trx, existing, input, nowIso);
    await recordCapture(trx, { captureKey, leadId: existing.id, capturedBy: user.id, nowIso });
    return { status: 200, body: receipt(pending, existing.id, true) };
  }
  const fresh = newLeadOf(pending);
  const lead = await createLead(trx, fresh.input, nowIso, fresh.capture);
  await recordCapture(trx, { captureKey, leadId: lead.id, capturedBy: user.id, nowIso });
  return { status: 201, body: receipt(pending, lead.id, false) };
}

/**
 * Notes appended, empty fields filled, qualification and consent merged (capture-details-columns); changeLead
 * moves the lead's count when a volume is filled in.
 */
async function mergeCapture(trx: Knex.Transaction, lead: Lead, input: CaptureData, nowIso: string): Promise<Lead> {
  const change: LeadChange = {};
  if (!lead.company && input.company) change.company = input.company;
  if (!lead.phone && input.phone) change.phone = input.phone;
  if (!lead.industry && input.industry) change.industry = input.industry;
  if (!lead.volume && input.volume) change.volume = input.volume;
  if (input.notes) change.message = lead.message ? `${lead.message}${NOTES_SEPARATOR}${input.notes}` : input.notes;
  const merged = await changeLead(trx, lead.id, change, nowIso, mergedCaptureDetailsColumns(lead, input, nowIso));
  // The CRM sync changed the lead between our read and our write: the client's outbox retries (5xx).
  if (!merged) throw new AppError('unavailable', 'The lead changed while the capture was merged; it will be retried');
  return merged;
}

/** The events leads were captured at, with how many and when the latest arrived; most recent first. */
export function listCaptureEvents(deps: Pick<AppDeps, 'db'>): Promise<EventSummary[]> {
  return listEvents(deps.db);
}
