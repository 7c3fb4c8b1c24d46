// The one channel every process listens on while it has live streams open (db/notify: PostgreSQL's NOTIFY, or an
// in-process call on SQLite), and what it carries: the numbers of events just stored, or an account whose access
// just changed (signed out on a device, deactivated, reset, given another role), whose open streams are then
// checked again at once instead of at their next heartbeat (docs/security.md, "Doors close at once"). One
// channel, so one connection per process hears both, in the order they were committed.
import type { Db } from '../db/knex';
import { notify } from '../db/notify';

export const LIVE_CHANNEL = 'dm_live';
const ACCESS = 'access:';

export type LiveSignal = { kind: 'events'; ids: number[] } | { kind: 'access'; userId: number };

/** Tells every process which events were stored (their numbers in live_events). */
export function announceEvents(db: Db, ids: readonly number[]): Promise<void> {
  return notify(db, LIVE_CHANNEL, ids.join(','));
}

/**
 * Tells every process that this account's sessions or rights changed. Called in the transaction that changes
 * them, it goes out when that commits (and not if it rolls back), so the streams are checked against the new
 * state. A process of an older version reads no number in it and ignores it.
 */
export function announceAccessChange(db: Db, userId: number): Promise<void> {
  return notify(db, LIVE_CHANNEL, `${ACCESS}${userId}`);
}

export function liveSignalOf(payload: string): LiveSignal {
  if (payload.startsWith(ACCESS)) return { kind: 'access', userId: Number(payload.slice(ACCESS.length)) };
  return { kind: 'events', ids: payload.split(',').map(Number).filter(Number.isSafeInteger) };
}
