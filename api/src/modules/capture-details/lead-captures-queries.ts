// One row per capture, keyed by its Idempotency-Key: which lead it became or merged into, and which
// account sent it. A photo uploaded later names only the key; this row finds its lead and its owner.
import type { Knex } from 'knex';
import { toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';

export interface LeadCapture {
  captureKey: string;
  leadId: number;
  capturedBy: number | null;
  createdAt: string;
}

export interface NewCapture {
  captureKey: string;
  leadId: number;
  capturedBy: number;
  nowIso: string;
}

/** Written in the capture's own transaction, so a stored capture always has its row. */
export async function recordCapture(db: Knex, c: NewCapture): Promise<void> {
  await recordCaptures(db, [c]);
}

/** recordCapture for a group-commit batch: one multi-row insert instead of one statement per capture. */
export async function recordCaptures(db: Knex, captures: NewCapture[]): Promise<void> {
  if (captures.length === 0) return;
  await db('lead_captures').insert(captures.map((c) => ({ capture_key: c.captureKey, lead_id: c.leadId, captured_by: c.capturedBy, created_at: c.nowIso })));
}

export async function findCapture(db: Knex, captureKey: string): Promise<LeadCapture | undefined> {
  const row = await db('lead_captures').where({ capture_key: captureKey }).first();
  if (!row) return undefined;
  return {
    captureKey: String(row.capture_key),
    leadId: Number(row.lead_id),
    capturedBy: row.captured_by == null ? null : Number(row.captured_by),
    createdAt: toIso(row.created_at),
  };
}

/** The captures that became or merged into these leads, oldest first, with the capturing account's name. */
export async function capturesOfLeads(db: Knex, leadIds: readonly number[]): Promise<(LeadCapture & { capturedByName: string | null })[]> {
  const out: (LeadCapture & { capturedByName: string | null })[] = [];
  for (const chunk of chunksOf(leadIds)) {
    const rows = await db('lead_captures as c')
      .leftJoin('users as u', 'u.id', 'c.captured_by')
      .select('c.*', 'u.name as captured_by_name')
      .whereIn('c.lead_id', chunk)
      .orderBy([{ column: 'c.created_at' }, { column: 'c.capture_key' }]);
    for (const row of rows) {
      out.push({
        captureKey: String(row.capture_key),
        leadId: Number(row.lead_id),
        capturedBy: row.captured_by == null ? null : Number(row.captured_by),
        capturedByName: (row.captured_by_name as string | null) ?? null,
        createdAt: toIso(row.created_at),
      });
    }
  }
  return out;
}

/** Deletes the capture rows of these leads (their photos must go first); answers how many went. */
export async function deleteCapturesOfLeads(db: Knex, leadIds: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunksOf(leadIds)) deleted += await db('lead_captures').whereIn('lead_id', chunk).delete();
  return deleted;
}
