// Event capture: a rep's capture becomes a lead like any other (rollups, CRM sync, `leadSource`),
// with `source` = `Event: <name>`, the event and the rep beside it. A second capture of an e-mail already
// captured at the same event merges into that lead: the notes are appended and empty fields filled, never
// overwritten. The Idempotency-Key makes each capture count once, however often the phone's outbox replays
// it; that matters more here than anywhere, since a replayed merge would append the notes twice.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { eventSourceLabel, type CaptureData, type CaptureResult, type CurrentUser, type Lead } from '../../contract';
import { runIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { changeLead, type LeadChange } from '../leads/leads-queries';
import { createLead } from '../leads/leads-service';
import { captureDetailsColumns, mergedCaptureDetailsColumns } from '../capture-details/capture-details-columns';
import { recordCapture } from '../capture-details/lead-captures-queries';
import { findCapturedLead, lockEventEmail } from './capture-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** Between the notes of two captures of one person, so the sales team can tell them apart. */
export const NOTES_SEPARATOR = '\n\n---\n\n';

const SCOPE = 'capture-leads';

export async function captureLead(deps: Deps, user: CurrentUser, input: CaptureData, idempotencyKey: string): Promise<Outcome> {
  return runIdempotent(deps, { scope: SCOPE, key: idempotencyKey, request: input }, async (trx) => {
    const nowIso = deps.clock().toISOString();
    await lockEventEmail(trx, input.eventName, input.email);
    const existing = await findCapturedLead(trx, input.eventName, input.email);
    // The answer says only what the rep's screen needs: a merge must not show one rep another's notes.
    const receipt = (leadId: number, merged: boolean): CaptureResult => ({ id: leadId, merged, eventName: input.eventName, capturedAt: nowIso });
    if (existing) {
      await mergeCapture(trx, existing, input, nowIso);
      await recordCapture(trx, { captureKey: idempotencyKey, leadId: existing.id, capturedBy: user.id, nowIso });
      return { status: 200, body: receipt(existing.id, true) };
    }
    const { eventName, notes, firstName, lastName, email, company, phone, industry, volume } = input;
    const person = { firstName, lastName, email, company, phone, industry, volume };
    const lead = await createLead(trx, { ...person, message: notes, source: eventSourceLabel(eventName) }, nowIso, {
      eventName,
      capturedBy: { id: user.id, name: user.name },
      details: captureDetailsColumns(input, nowIso),
    });
    await recordCapture(trx, { captureKey: idempotencyKey, leadId: lead.id, capturedBy: user.id, nowIso });
    return { status: 201, body: receipt(lead.id, false) };
  });
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
