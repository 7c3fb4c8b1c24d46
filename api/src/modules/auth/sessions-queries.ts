// The `sessions` table behind koa-session. Rows are keyed by a SHA-256 of the cookie's session id, so a copy
// of the table cannot be replayed as cookies. `expires_at`, `created_at` and `last_active_at` are epoch
// milliseconds on both engines. Every deletion of a session (a sign-out, a device ended, a reset, a
// deactivation) is announced to the live streams with the statement, whoever made it, so the account's open
// streams are checked at once (expired rows are left to the heartbeat).
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { firstRowAtOnce } from '../../db/read-at-once';
import { announceAccessChange } from '../../pipeline/live-channel';
import { lockWhilePasswordIs, USER_ROW_COLUMNS, userFromRow, type UserRow } from './users-queries';

const sessionWithUser = (db: Db, id: string, nowMs: number) =>
  db('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.id', id)
    .andWhere('sessions.expires_at', '>', nowMs)
    // Named, not `users.*`: on PostgreSQL the read is a prepared statement (read-at-once.ts).
    .first('sessions.data as session_data', 'sessions.last_active_at as session_last_active_at', ...USER_ROW_COLUMNS.map((c) => `users.${c}`));

/** A session as a sign-in stores it. */
export interface NewSession {
  id: string;
  data: Record<string, unknown>;
  userId: number;
  expiresAt: number;
  /** When the session was signed in, and the browser that did it: kept as they are for the session's life. */
  createdAt: number;
  userAgent: string | null;
}

export interface FoundSession {
  data: Record<string, unknown>;
  user: UserRow | undefined;
  /** When the session's activity was last recorded; null when never. */
  lastActiveAt: number | null;
}

/**
 * The session and, in the same statement, the account it belongs to (`user_id`), as it stands now: a staff
 * request needs both, and one query instead of two halves what each request reads. `user` is absent when the
 * session names no account or the account is gone.
 */
export async function findSessionWithUser(db: Db, id: string, nowMs: number): Promise<FoundSession | undefined> {
  // Where it costs the event loop least (read-at-once.ts): it is in front of every staff request.
  const row = await firstRowAtOnce(db, sessionWithUser, id, nowMs);
  if (!row) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(String(row.session_data));
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  return {
    data: data as Record<string, unknown>,
    user: row.id == null ? undefined : userFromRow(row),
    lastActiveAt: row.session_last_active_at == null ? null : Number(row.session_last_active_at),
  };
}

/**
 * Stores the session a sign-in opens, in one transaction with the check that `passwordHash`, the hash the sign-in
 * verified, is still the active account's (lockWhilePasswordIs). A reset, a new password or a deactivation
 * that committed after the password was verified leaves no session behind (false); one that comes later waits
 * for this transaction, then deletes the row with the account's other sessions.
 */
export async function insertSignedInSession(db: Db, session: NewSession, passwordHash: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    if (!(await lockWhilePasswordIs(trx, session.userId, passwordHash))) return false;
    await trx('sessions').insert({
      id: session.id,
      data: JSON.stringify(session.data),
      user_id: session.userId,
      expires_at: session.expiresAt,
      created_at: session.createdAt,
      last_active_at: session.createdAt,
      user_agent: session.userAgent,
    });
    return true;
  });
}

/**
 * Saves an existing session's data and expiry again. Never inserts: a row deleted meanwhile (signed out, its
 * account reset or deactivated) stays deleted, whatever request of that session was still under way.
 */
export async function updateSession(db: Db, id: string, data: Record<string, unknown>, expiresAt: number): Promise<void> {
  await db('sessions').where({ id }).update({ data: JSON.stringify(data), expires_at: expiresAt });
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  // A session's account never changes, so reading it first names whose streams to check.
  const row = await db('sessions').where({ id }).first('user_id');
  const ended = await db('sessions').where({ id }).delete();
  if (ended > 0 && row?.user_id != null) await announceAccessChange(db, Number(row.user_id));
}

/** Deletes the account's session rows matching `narrow`, and says so to the live streams when there were any. */
async function endSessionsOfUser(db: Db, userId: number, narrow: (q: Knex.QueryBuilder) => void = () => {}): Promise<number> {
  const query = db('sessions').where({ user_id: userId });
  narrow(query);
  const ended = await query.delete();
  if (ended > 0) await announceAccessChange(db, userId);
  return ended;
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<number> {
  return endSessionsOfUser(db, userId);
}

/** Ends one of this account's sessions; 0 when it is not theirs (or already gone). */
export async function deleteSessionOfUser(db: Db, userId: number, id: string): Promise<number> {
  return endSessionsOfUser(db, userId, (q) => void q.andWhere({ id }));
}

/** Ends every session of the account except `keepId`. */
export async function deleteOtherSessionsOfUser(db: Db, userId: number, keepId: string): Promise<number> {
  return endSessionsOfUser(db, userId, (q) => void q.andWhereNot({ id: keepId }));
}

export async function deleteExpiredSessions(db: Db, nowMs: number): Promise<number> {
  return db('sessions').where('expires_at', '<=', nowMs).delete();
}

/** Moves the session's last activity forward (never back: two processes may both record one). */
export async function noteSessionActivity(db: Db, id: string, atMs: number): Promise<void> {
  await db('sessions').where({ id }).andWhere((q) => q.whereNull('last_active_at').orWhere('last_active_at', '<', atMs)).update({ last_active_at: atMs });
}

export interface SessionRow {
  id: string;
  userId: number;
  userAgent: string | null;
  createdAt: number | null;
  lastActiveAt: number | null;
}

/** The account's live sessions, most recently active first. */
export async function listSessionsOfUser(db: Db, userId: number, nowMs: number): Promise<SessionRow[]> {
  const rows = await db('sessions')
    .select('id', 'user_id', 'user_agent', 'created_at', 'last_active_at')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', nowMs)
    .orderByRaw('coalesce(last_active_at, created_at, 0) desc, id');
  return rows.map((r) => ({
    id: String(r.id),
    userId: Number(r.user_id),
    userAgent: r.user_agent == null ? null : String(r.user_agent),
    createdAt: r.created_at == null ? null : Number(r.created_at),
    lastActiveAt: r.last_active_at == null ? null : Number(r.last_active_at),
  }));
}

/** How many live sessions each account has, for the Team list. */
export async function countLiveSessionsByUser(db: Db, nowMs: number): Promise<Map<number, number>> {
  const rows: { user_id: unknown; n: unknown }[] = await db('sessions')
    .select('user_id')
    .count({ n: '*' })
    .whereNotNull('user_id')
    .andWhere('expires_at', '>', nowMs)
    .groupBy('user_id');
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/**
 * The accounts of several sessions as they stand now, by session id: a session that ended (signed out,
 * expired, its account deactivated) or whose account is gone is absent. The live streams re-check their
 * sessions with one statement for all of them.
 */
export async function usersOfSessions(db: Db, ids: readonly string[], nowMs: number): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db('sessions')
      .join('users', 'users.id', 'sessions.user_id')
      .whereIn('sessions.id', ids.slice(i, i + 500))
      .andWhere('sessions.expires_at', '>', nowMs)
      .select('sessions.id as session_id', 'users.*');
    for (const row of rows as Record<string, unknown>[]) found.set(String(row.session_id), userFromRow(row));
  }
  return found;
}
