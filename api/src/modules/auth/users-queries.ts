import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import type { CurrentUser, UserRole } from '../../contract';

export interface UserRow extends CurrentUser {
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

function fromRow(row: Record<string, unknown>): UserRow {
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
  return row ? fromRow(row) : undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const row = await db('users').where({ email: email.trim().toLowerCase() }).first();
  return row ? fromRow(row) : undefined;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db('users').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function publicUser(user: UserRow): CurrentUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
