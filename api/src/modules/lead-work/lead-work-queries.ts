// The lead-work columns of `leads` (owner, stage, first response, overdue mark) and the `lead_timeline` table.
// Every write that two people may race (a take, a stage's first step past New, the overdue mark) is one
// conditional UPDATE, so the database decides who wins on both engines. Rows leave as contract shapes.
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { lockedForUpdate } from '../../db/dialect';
import { toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';
import type { LeadOwner, LeadStage, LeadTimelineEntry } from '../../contract';

/** What the rules need to know about a lead before changing it. */
export interface LeadWorkRow {
  id: number;
  ownerUserId: number | null;
  stage: LeadStage;
  stageReason: string | null;
  inQuarantine: boolean;
  /** When it arrived, and when it was first moved past New (null: not yet), for the first response's length. */
  createdAt: string;
  firstResponseAt: string | null;
}

/** The lead's row, locked until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockLeadWork(trx: Knex.Transaction, id: number): Promise<LeadWorkRow | undefined> {
  const row = await lockedForUpdate(trx, trx('leads').select('id', 'owner_user_id', 'stage', 'stage_reason', 'spam_reason', 'created_at', 'first_response_at').where({ id }), 'leads').first();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    ownerUserId: row.owner_user_id == null ? null : Number(row.owner_user_id),
    stage: row.stage as LeadStage,
    stageReason: (row.stage_reason as string | null) ?? null,
    inQuarantine: row.spam_reason != null,
    createdAt: toIso(row.created_at),
    firstResponseAt: row.first_response_at == null ? null : toIso(row.first_response_at),
  };
}

/** Gives an unowned lead to `userId`; false when somebody owns it already (or it is not there, or in quarantine). */
export async function takeIfUnowned(trx: Knex.Transaction, id: number, userId: number, nowIso: string): Promise<boolean> {
  const n = await trx('leads').where({ id }).whereNull('owner_user_id').whereNull('spam_reason').update({ owner_user_id: userId, updated_at: nowIso });
  return n === 1;
}

export async function setOwner(trx: Knex.Transaction, id: number, userId: number | null, nowIso: string): Promise<void> {
  await trx('leads').where({ id }).update({ owner_user_id: userId, updated_at: nowIso });
}

/**
 * Moves the stage of a lead read locked (lockLeadWork); its first move past New also stops its clock, in the same
 * statement: first_response_at, and first_response_ms, the time it waited, which the dashboard's cards count.
 */
export async function setStage(trx: Knex.Transaction, lead: LeadWorkRow, stage: LeadStage, reason: string | null, nowIso: string): Promise<void> {
  const firstResponse = stage !== 'new' && lead.firstResponseAt === null
    ? { first_response_at: nowIso, first_response_ms: Math.max(0, Date.parse(nowIso) - Date.parse(lead.createdAt)) }
    : {};
  await trx('leads')
    .where({ id: lead.id })
    .update({ stage, stage_reason: reason, stage_changed_at: nowIso, ...firstResponse, updated_at: nowIso });
}

export interface NewTimelineRow {
  leadId: number;
  kind: 'note' | 'owner' | 'stage';
  actorUserId: number | null;
  body?: string | null;
  from?: string | null;
  to?: string | null;
  nowIso: string;
}

export async function insertTimeline(trx: Knex.Transaction, entry: NewTimelineRow): Promise<number> {
  const [row] = await trx('lead_timeline')
    .insert({
      lead_id: entry.leadId,
      kind: entry.kind,
      actor_user_id: entry.actorUserId,
      body: entry.body ?? null,
      from_value: entry.from ?? null,
      to_value: entry.to ?? null,
      created_at: entry.nowIso,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

/** These leads' timelines, newest first (by time, then id), with every name as it is now. */
export async function timelineOf(db: Db, leadIds: readonly number[], options: { limit?: number; ids?: readonly number[] } = {}): Promise<LeadTimelineEntry[]> {
  if (!leadIds.length && !options.ids?.length) return [];
  const rows: Record<string, unknown>[] = [];
  const chunks = options.ids ? chunksOf(options.ids) : chunksOf(leadIds);
  for (const chunk of chunks) {
    const query = db('lead_timeline as t')
      .leftJoin('users as actor', 'actor.id', 't.actor_user_id')
      .select('t.*', 'actor.name as actor_name')
      .whereIn(options.ids ? 't.id' : 't.lead_id', chunk)
      .orderBy([
        { column: 't.created_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ]);
    if (options.limit) query.limit(options.limit);
    rows.push(...(await query));
  }
  const ownerIds = new Set<number>();
  for (const row of rows) {
    if (row.kind !== 'owner') continue;
    for (const v of [row.from_value, row.to_value]) if (v != null) ownerIds.add(Number(v));
  }
  const names = new Map<number, string>();
  for (const chunk of chunksOf([...ownerIds])) {
    for (const u of await db('users').select('id', 'name').whereIn('id', chunk)) names.set(Number(u.id), String(u.name));
  }
  const ownerOf = (v: unknown): LeadOwner | null => (v == null ? null : { id: Number(v), name: names.get(Number(v)) ?? '' });
  return rows.map((row): LeadTimelineEntry => {
    const base = {
      id: Number(row.id),
      leadId: Number(row.lead_id),
      at: toIso(row.created_at),
      actor: row.actor_user_id == null ? null : { id: Number(row.actor_user_id), name: String(row.actor_name ?? '') },
    };
    if (row.kind === 'owner') return { ...base, kind: 'owner', from: ownerOf(row.from_value), to: ownerOf(row.to_value) };
    if (row.kind === 'stage') return { ...base, kind: 'stage', from: row.from_value as LeadStage, to: row.to_value as LeadStage, reason: (row.body as string | null) ?? null };
    return { ...base, kind: 'note', body: String(row.body ?? '') };
  });
}

/** Deletes these leads' timelines (an erasure); answers the ids of the rows removed. */
export async function deleteTimelines(trx: Knex.Transaction, leadIds: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunksOf(leadIds)) {
    const rows: { id: number }[] = await trx('lead_timeline').select('id').whereIn('lead_id', chunk);
    if (!rows.length) continue;
    ids.push(...rows.map((r) => Number(r.id)));
    await trx('lead_timeline').whereIn('lead_id', chunk).delete();
  }
  return ids;
}

/** Unowned leads still New that arrived at or before `beforeIso` and were never raised, oldest first. */
export async function overdueCandidates(db: Db, beforeIso: string, limit: number): Promise<number[]> {
  const rows = await db('leads')
    .select('id')
    .whereNull('owner_user_id')
    .where('stage', 'new')
    .whereNull('overdue_notified_at')
    .whereNull('spam_reason')
    .where('created_at', '<=', beforeIso)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit);
  return rows.map((r: { id: unknown }) => Number(r.id));
}

/** Marks a lead overdue unless somebody took it, moved it, or another sweep marked it meanwhile. */
export async function markOverdue(trx: Knex.Transaction, id: number, nowIso: string): Promise<boolean> {
  const n = await trx('leads')
    .where({ id, stage: 'new' })
    .whereNull('owner_user_id')
    .whereNull('overdue_notified_at')
    .whereNull('spam_reason')
    .update({ overdue_notified_at: nowIso });
  return n === 1;
}

/** Arrival and first response of the leads (not in quarantine) that arrived in [fromIso, toIso). */
/**
 * The first responses of the leads that arrived in [fromIso, toIso): how many were answered, how many of those
 * within `withinMs`, how many are due (answered, or arrived before `dueBeforeIso`), and the median wait in ms.
 * Counted and picked in SQL over the index leads_first_response: nothing per lead comes into the process.
 */
export async function responseTimes(db: Db, fromIso: string, toIso_: string, withinMs: number, dueBeforeIso: string): Promise<{ answered: number; within: number; due: number; medianMs: number | null }> {
  const week = () => db('leads').whereNull('spam_reason').where('created_at', '>=', fromIso).where('created_at', '<', toIso_);
  const counts = (await week()
    .select(
      db.raw('count(first_response_ms) as answered'),
      db.raw('coalesce(sum(case when first_response_ms <= ? then 1 else 0 end), 0) as within', [withinMs]),
      db.raw('coalesce(sum(case when first_response_ms is not null or created_at < ? then 1 else 0 end), 0) as due', [dueBeforeIso]),
    )
    .first()) as { answered: number | string; within: number | string; due: number | string };
  const answered = Number(counts.answered);
  let medianMs: number | null = null;
  if (answered > 0) {
    // The middle one, or the middle two of an even count, in order of wait.
    const middle: { first_response_ms: number | string }[] = await week()
      .whereNotNull('first_response_ms')
      .orderBy('first_response_ms')
      .offset(Math.floor((answered - 1) / 2))
      .limit(answered % 2 ? 1 : 2)
      .select('first_response_ms');
    medianMs = middle.reduce((sum, r) => sum + Number(r.first_response_ms), 0) / middle.length;
  }
  return { answered, within: Number(counts.within), due: Number(counts.due), medianMs };
}
