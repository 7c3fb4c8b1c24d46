// Leads captured at events: finding the lead an e-mail already has at an event (a second capture merges into
// it through leads-queries' changeLead), and the list of events. Every query compiles to the same meaning on SQLite and PostgreSQL.
import crypto from 'node:crypto';
import type { Db } from '../../db/knex';
import { lockedForUpdate, lockKeysForTransaction } from '../../db/dialect';
import { toIso } from '../../db/types';
import { normaliseEmail, type EventSummary, type Lead } from '../../contract';
import { leadFromRow, leadsWithCapturer } from '../leads';

/**
 * The lead this e-mail already has at this event, compared in its normalised form, as the unique index
 * (event_name, email_normalised) compares it. A lead stored as a twin of it before addresses were compared in
 * full (migration 069) is not the one: the person's lead there is the first. On PostgreSQL the row is locked
 * for the merge that follows.
 */
export async function findCapturedLead(db: Db, eventName: string, email: string): Promise<Lead | undefined> {
  const query = leadsWithCapturer(db).where('leads.event_name', eventName).where('leads.email_normalised', normaliseEmail(email)).whereNull('leads.event_twin_of');
  const row = await lockedForUpdate(db, query, 'leads').first();
  return row ? leadFromRow(row) : undefined;
}

/** How a person at an event is told apart: the event's name and the normalised e-mail, as the unique index does. */
export const capturedId = (eventName: string, email: string) => personAtEvent(eventName, normaliseEmail(email));
const personAtEvent = (eventName: string, normalised: string) => `${eventName}\u0000${normalised}`;

/**
 * Which of these people already have a lead at their event (as capturedId values), in one query: per event,
 * `event_name = ? and email_normalised in (…)`, which both engines answer with seeks in the unique index
 * (event_name, email_normalised, …), so the look-up costs the same however many leads the event has. Keep that
 * shape: both planners answer an OR of (event, e-mail) pairs by reading every lead of the event.
 */
export async function findCapturedEmails(db: Db, people: { eventName: string; email: string }[]): Promise<Set<string>> {
  if (people.length === 0) return new Set();
  const byEvent = new Map<string, string[]>();
  for (const p of people) byEvent.set(p.eventName, [...(byEvent.get(p.eventName) ?? []), normaliseEmail(p.email)]);
  const rows: { event_name: string; email_normalised: string }[] = await db('leads')
    .select('event_name', 'email_normalised')
    .where((w) => {
      for (const [eventName, emails] of byEvent) w.orWhere((o) => o.where('event_name', eventName).whereIn('email_normalised', emails));
    });
  return new Set(rows.map((r) => personAtEvent(r.event_name, r.email_normalised)));
}

/**
 * Serialises captures of one e-mail at one event for the rest of the transaction, so two reps sending the
 * same person at once merge instead of racing to insert. SQLite needs nothing: it runs one write
 * transaction at a time. The unique index stays the guarantee either way.
 */
export async function lockEventEmail(db: Db, eventName: string, email: string): Promise<void> {
  await lockEventEmails(db, [{ eventName, email }]);
}

/** lockEventEmail for several people in one statement, taken in ascending order so two batches cannot deadlock. */
export async function lockEventEmails(db: Db, people: { eventName: string; email: string }[]): Promise<void> {
  const ids = people.map((p) => crypto.createHash('sha256').update(capturedId(p.eventName, p.email)).digest().readBigInt64BE(0));
  await lockKeysForTransaction(db, ids);
}

/** Every event leads were captured at, with how many and when the latest arrived; most recent first. */
export async function listEvents(db: Db): Promise<EventSummary[]> {
  const rows = (await db('leads')
    .whereNotNull('event_name')
    .groupBy('event_name')
    .select('event_name')
    .count({ lead_count: '*' })
    .max({ last_captured_at: 'created_at' })
    .orderBy([
      { column: 'last_captured_at', order: 'desc' },
      { column: 'event_name', order: 'asc' },
    ])) as unknown as { event_name: string; lead_count: number | string; last_captured_at: unknown }[];
  return rows.map((r) => ({ name: r.event_name, leadCount: Number(r.lead_count), lastCapturedAt: toIso(r.last_captured_at) }));
}
