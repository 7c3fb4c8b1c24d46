// The `sessions` table behind koa-session. Rows are keyed by a SHA-256 of the cookie's session id, so a copy
// of the table cannot be replayed as cookies. `expires_at` is epoch milliseconds on both engines.
import type { Db } from '../../db/knex';

export interface StoredSession {
  id: string;
  data: Record<string, unknown>;
  userId: number | null;
  expiresAt: number;
}

export async function findSession(db: Db, id: string, nowMs: number): Promise<Record<string, unknown> | undefined> {
  const row = await db('sessions').where({ id }).andWhere('expires_at', '>', nowMs).first('data');
  if (!row) return undefined;
  try {
    const data = JSON.parse(String(row.data));
    return data && typeof data === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
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
