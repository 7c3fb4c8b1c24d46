// Event capture: a rep's capture becomes a lead like any other (rollups, CRM sync, `leadSource`),
// with `source` = `Event: <name>`, the event and the rep beside it. A second capture of an e-mail already
// captured at the same event merges into that lead: the notes are appended and empty fields filled, never
// overwritten. The Idempotency-Key makes each capture count once, however often the phone's outbox replays
// it; that matters more here than anywhere, since a replayed merge would append the notes twice.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { eventSourceLabel, type CaptureData, type CaptureResult, type CurrentUser, type EventSummary, type Lead } from '../../contract';
import type { Outcome, StoredAnswer } from '../../pipeline/group-commit';
import { submit, type Pending, type Stored, type StoredRecord, type SubmissionKind } from '../../pipeline/submissions';
import { changeLead, findLead, type LeadChange, storeLeads } from '../leads';
import { captureDetailsColumns, mergedCaptureDetailsColumns, recordCapture, recordCaptures } from '../capture-details';
import { capturedId, findCapturedEmails, findCapturedLead, listEvents, lockEventEmail, lockEventEmails } from './capture-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'submissions'>;

/** Between the notes of two captures of one person, so the sales team can tell them apart. */
export const NOTES_SEPARATOR = '\n\n---\n\n';

/** The Idempotency-Key scope of POST /api/capture/leads (`record_id`: the lead the capture became or merged into). */
export const CAPTURE_KEY_SCOPE = 'capture-leads';

/** Who captured it, and the key the device uploads the card photo under (the capture's Idempotency-Key). */
interface Capturer {
  user: CurrentUser;
  captureKey: string;
}
type PendingCapture = Pending<CaptureData, Capturer>;

/**
 * A rep's capture: stored once per key (a replayed merge would append the notes twice). Staff screens hear of a
 * new captured lead as `capture.created` (the rep who captured it sees it too), of a capture merged into a lead
 * as `lead.updated` (admins): the followers tell them apart by `how`.
 */
export const captureSubmissions: SubmissionKind<CaptureData, Capturer> = {
  scope: CAPTURE_KEY_SCOPE,
  judged: false,
  store: (trx, batch) => storeCaptures(trx, batch),
};

export function captureLead(deps: Deps, user: CurrentUser, input: CaptureData, idempotencyKey: string): Promise<Outcome> {
  return submit(deps, captureSubmissions, { input, key: idempotencyKey, by: { user, captureKey: idempotencyKey } });
}

/** The answer says only what the rep's screen needs: a merge must not show one rep another's notes. */
function receipt({ input, nowIso }: PendingCapture, leadId: number, merged: boolean): CaptureResult {
  return { id: leadId, merged, eventName: input.eventName, capturedAt: nowIso };
}

/** The lead's own fields of a capture; qualification, consent and scan go to their columns (capture-details-columns). */
function newLeadOf({ input, by: { user }, nowIso }: PendingCapture) {
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
async function storeCaptures(trx: Knex.Transaction, batch: PendingCapture[]): Promise<Stored[]> {
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
  const results: Stored[] = new Array(batch.length);
  const leads = await storeLeads(trx, fresh.map((i) => newLeadOf(batch[i]!)));
  await recordCaptures(trx, fresh.map((i, n) => ({ captureKey: batch[i]!.by.captureKey, leadId: leads[n]!.id, capturedBy: batch[i]!.by.user.id, nowIso: batch[i]!.nowIso })));
  for (const [n, i] of fresh.entries()) results[i] = stored(batch[i]!, leads[n]!, false);
  for (let i = 0; i < batch.length; i++) {
    if (!results[i]) results[i] = await captureOne(trx, batch[i]!);
  }
  return results;
}

/** The rep's receipt, and the lead as its followers see it: new (`captured`) or merged into. */
function stored(pending: PendingCapture, lead: Lead, merged: boolean): Stored {
  const answer: StoredAnswer = { status: merged ? 200 : 201, body: receipt(pending, lead.id, merged) };
  const record: StoredRecord = { kind: 'lead', how: merged ? 'merged' : 'captured', record: lead, at: pending.nowIso, repUserId: pending.by.user.id };
  return { answer, records: [record] };
}

/** One capture: a merge into the lead this person already has at the event, or a new lead. */
async function captureOne(trx: Knex.Transaction, pending: PendingCapture): Promise<Stored> {
  const { input, by, nowIso } = pending;
  await lockEventEmail(trx, input.eventName, input.email);
  const existing = await findCapturedLead(trx, input.eventName, input.email);
  if (existing) {
    await mergeCapture(trx, existing, input, nowIso);
    await recordCapture(trx, { captureKey: by.captureKey, leadId: existing.id, capturedBy: by.user.id, nowIso });
    // Read again: the merge wrote columns (qualification, consent) the changed lead does not carry.
    return stored(pending, (await findLead(trx, existing.id))!, true);
  }
  const [lead] = await storeLeads(trx, [newLeadOf(pending)]);
  await recordCapture(trx, { captureKey: by.captureKey, leadId: lead!.id, capturedBy: by.user.id, nowIso });
  return stored(pending, lead!, false);
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
