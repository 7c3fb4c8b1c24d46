// Leads captured at events (issue 6): finding the lead an e-mail already has at an event, merging a second
// capture into it, and the list of events. Every query compiles to the same meaning on SQLite and PostgreSQL.
import crypto from 'node:crypto';
import { isPostgres, type Db } from '../../db/knex';
import { toIso } from '../../db/types';
import type { EventSummary, Lead } from '../../contract';
import { leadFromRow, leadsWithCapturer } from '../leads/leads-queries';

/**
 * The lead this e-mail already has at this event. Both sides are lowered by the database, so the lookup
 * folds case exactly as the unique index (event_name, lower(email)) does on each engine. On PostgreSQL the
 * row is locked for the merge that follows.
 */
export async function findCapturedLead(db: Db, eventName: string, email: string): Promise<Lead | undefined> {
  const query = leadsWithCapturer(db).where('leads.event_name', eventName).whereRaw('lower(leads.email) = lower(?)', [email]);
  if (isPostgres(db)) query.forUpdate('leads');
  const row = await query.first();
  return row ? leadFromRow(row) : undefined;
}

/**
 * Serialises captures of one e-mail at one event for the rest of the transaction, so two reps sending the
 * same person at once merge instead of racing to insert. SQLite needs nothing: it runs one write
 * transaction at a time. The unique index stays the guarantee either way.
 */
export async function lockEventEmail(db: Db, eventName: string, email: string): Promise<void> {
  if (!isPostgres(db)) return;
  const digest = crypto.createHash('sha256').update(`${eventName}\u0000${email.toLowerCase()}`).digest();
  await db.raw('select pg_advisory_xact_lock(?::bigint)', [digest.readBigInt64BE(0).toString()]);
}

export interface LeadPatch {
  company?: string;
  phone?: string;
  industry?: string;
  volume?: string;
  message?: string;
  /** Qualification, consent and scan columns of a merge (capture-details-columns). */
  [column: string]: unknown;
}

/** Applies a merge's changes; only if the status is still the one read, so the rollup moves stay right. */
export async function patchCapturedLead(db: Db, id: number, expectedStatus: string, patch: LeadPatch, nowIso: string): Promise<boolean> {
  const n = await db('leads')
    .where({ id, status: expectedStatus })
    .update({ ...patch, updated_at: nowIso });
  return n === 1;
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
