// One row per capture, keyed by its Idempotency-Key: which lead it became or merged into, and which
// account sent it. A photo uploaded later names only the key; this row finds its lead and its owner.
import type { Knex } from 'knex';
import { toIso } from '../../db/types';

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
