// The one channel every process listens on while it has live streams open (db/notify: PostgreSQL's NOTIFY, or an
// in-process call on SQLite), and what it carries: the numbers of events just stored, or an account whose access
// just changed (signed out on a device, deactivated, reset, given another role), whose open streams are then
// checked again at once instead of at their next heartbeat (docs/security.md, "Doors close at once"). One
// channel, so one connection per process hears both, in the order they were committed.
import type { Db } from '../db/knex';
import { notify } from '../db/notify';

export const LIVE_CHANNEL = 'dm_live';
const ACCESS = 'access:';

const WRITER = 'w:';

/** `writer`: the process that stored the events said who it is (it holds them in memory: live-journal.ts). */
export type LiveSignal = { kind: 'events'; ids: number[]; writer?: string } | { kind: 'access'; userId: number };

/**
 * Tells every process which events were stored (their numbers in live_events), and, with `writer`, which process
 * stored them: that process's hub takes them from memory instead of reading them back. The writer goes first, as
 * `w:<writer>`, which a process of an older version reads as no number and skips.
 */
export function announceEvents(db: Db, ids: readonly number[], writer?: string): Promise<void> {
  return notify(db, LIVE_CHANNEL, (writer ? [`${WRITER}${writer}`, ...ids] : ids).join(','));
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
  const parts = payload.split(',');
  const writer = parts[0]?.startsWith(WRITER) ? parts.shift()!.slice(WRITER.length) : undefined;
  return { kind: 'events', ids: parts.map(Number).filter(Number.isSafeInteger), ...(writer ? { writer } : {}) };
}
