import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import type { CurrentUser, UserRole } from '../../contract';

export interface UserRow extends CurrentUser {
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

/** A `users` row as the app sees it; the sessions query reads users beside sessions and maps them here too. */
export function userFromRow(row: Record<string, unknown>): UserRow {
  return {
    id: Number(row.id),
    email: String(row.email),
    name: String(row.name),
    role: row.role as UserRole,
    passwordHash: String(row.password_hash),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const row = await db('users').where({ id }).first();
  return row ? userFromRow(row) : undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const row = await db('users').where({ email: email.trim().toLowerCase() }).first();
  return row ? userFromRow(row) : undefined;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db('users').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function publicUser(user: UserRow): CurrentUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

export interface NewUser {
  email: string;
  name: string;
  role: UserRole;
  passwordHash: string;
}

/** Inserts an account; the e-mail is stored lowercased so sign-in is case-insensitive. */
export async function insertUser(db: Db, user: NewUser, now: string): Promise<UserRow> {
  const [row] = await db('users')
    .insert({
      email: user.email.trim().toLowerCase(),
      name: user.name,
      role: user.role,
      password_hash: user.passwordHash,
      created_at: now,
      updated_at: now,
    })
    .returning('*');
  return userFromRow(row);
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<Pick<NewUser, 'name' | 'role' | 'passwordHash'>>,
  now: string,
): Promise<void> {
  await db('users')
    .where({ id })
    .update({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      updated_at: now,
    });
}
