// The replay window of the live stream (table live_events): events in the order they were stored.
import type { LiveEvent, LiveEventDraft } from '../../contract';
import type { Db } from '../../db/knex';

interface LiveEventRow {
  id: number;
  type: LiveEvent['type'];
  at: string;
  record_id: number;
  title: string;
  rep_user_id: number | null;
  record_kind: 'lead' | 'sample';
  record: string;
}

function eventOf(row: LiveEventRow): LiveEvent {
  return {
    id: String(row.id),
    type: row.type,
    at: row.at,
    recordId: Number(row.record_id),
    title: row.title,
    repUserId: row.rep_user_id === null ? null : Number(row.rep_user_id),
    recordKind: row.record_kind,
    record: JSON.parse(row.record) as unknown,
  };
}

/**
 * Stores the events with one statement and answers them as stored, numbered, in the same order: exactly what a
 * read of them would answer (the ids of one insert are handed out in the order of its rows on both engines).
 */
export async function insertLiveEvents(db: Db, drafts: readonly LiveEventDraft[]): Promise<LiveEvent[]> {
  const rows = drafts.map((draft) => ({
    type: draft.type,
    at: draft.at,
    record_id: draft.recordId,
    title: draft.title.slice(0, 300),
    rep_user_id: draft.repUserId,
    record_kind: draft.recordKind ?? 'lead',
    record: JSON.stringify(draft.record ?? null),
  }));
  const returned = await db('live_events').insert(rows).returning('id');
  const ids = (returned as (number | { id: number })[]).map((row) => Number(typeof row === 'object' ? row.id : row)).sort((a, b) => a - b);
  return rows.map((row, i) => eventOf({ ...row, id: ids[i]! }));
}

/** The events with these numbers, oldest first. */
export async function findLiveEvents(db: Db, ids: readonly number[]): Promise<LiveEvent[]> {
  const rows = (await db('live_events').whereIn('id', ids).orderBy('id')) as LiveEventRow[];
  return rows.map(eventOf);
}

/** Up to `limit` events after `afterId`, oldest first. */
export async function liveEventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = (await db('live_events').where('id', '>', afterId).orderBy('id').limit(limit)) as LiveEventRow[];
  return rows.map(eventOf);
}

/** Up to `limit` events stored at or after `sinceIso`, oldest first. */
export async function liveEventsSince(db: Db, sinceIso: string, limit: number): Promise<LiveEvent[]> {
  const rows = (await db('live_events').where('at', '>=', sinceIso).orderBy('id').limit(limit)) as LiveEventRow[];
  return rows.map(eventOf);
}

/** The first and last numbers still stored (both 0 before the first event). */
export async function liveWindow(db: Db): Promise<{ first: number; last: number }> {
  const row = (await db('live_events').min({ first: 'id' }).max({ last: 'id' }).first()) as { first: number | null; last: number | null } | undefined;
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

/** Drops events stored before `beforeIso`, except the newest (it keeps the numbering's place). */
export async function pruneLiveEvents(db: Db, beforeIso: string): Promise<number> {
  const newest = db('live_events').max('id');
  return db('live_events').where('at', '<', beforeIso).where('id', '<', newest).delete();
}

/**
 * Drops the events about these records (an erasure: each event carries the record as the lists show it). The
 * newest row may go too: a screen resuming after it is then told to reset, and reloads once.
 */
export async function deleteLiveEventsOfRecords(db: Db, records: { leadIds: readonly number[]; sampleIds: readonly number[] }): Promise<number> {
  if (records.leadIds.length === 0 && records.sampleIds.length === 0) return 0;
  return db('live_events')
    .where((w) => {
      if (records.leadIds.length) w.orWhere((one) => void one.where('record_kind', 'lead').whereIn('record_id', records.leadIds));
      if (records.sampleIds.length) w.orWhere((one) => void one.where('record_kind', 'sample').whereIn('record_id', records.sampleIds));
    })
    .delete();
}
