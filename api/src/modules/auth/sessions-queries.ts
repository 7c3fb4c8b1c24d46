// The `sessions` table behind koa-session. Rows are keyed by a SHA-256 of the cookie's session id, so a copy
// of the table cannot be replayed as cookies. `expires_at` is epoch milliseconds on both engines.
import type { Db } from '../../db/knex';
import { userFromRow, type UserRow } from './users-queries';

export interface StoredSession {
  id: string;
  data: Record<string, unknown>;
  userId: number | null;
  expiresAt: number;
}

/**
 * The session and, in the same statement, the account it belongs to (`user_id`), as it stands now: a staff
 * request needs both, and one query instead of two halves what each request reads. `user` is absent when the
 * session names no account or the account is gone.
 */
export async function findSessionWithUser(db: Db, id: string, nowMs: number): Promise<{ data: Record<string, unknown>; user: UserRow | undefined } | undefined> {
  const row = await db('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.id', id)
    .andWhere('sessions.expires_at', '>', nowMs)
    .first('sessions.data as session_data', 'users.*');
  if (!row) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(String(row.session_data));
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  return { data: data as Record<string, unknown>, user: row.id == null ? undefined : userFromRow(row) };
}

export async function saveSession(db: Db, session: StoredSession): Promise<void> {
  await db('sessions')
    .insert({ id: session.id, data: JSON.stringify(session.data), user_id: session.userId, expires_at: session.expiresAt })
    .onConflict('id')
    .merge(['data', 'user_id', 'expires_at']);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db('sessions').where({ id }).delete();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<number> {
  return db('sessions').where({ user_id: userId }).delete();
}

export async function deleteExpiredSessions(db: Db, nowMs: number): Promise<number> {
  return db('sessions').where('expires_at', '<=', nowMs).delete();
}
