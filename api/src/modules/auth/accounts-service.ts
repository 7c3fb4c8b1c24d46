// Creating and updating staff accounts, for `npm run user:add` and the first-run setup alike.
import type { CurrentUser, UserRole } from '../../contract';
import type { Db } from '../../db/knex';
import { hashPassword } from './password';
import { deleteSessionsOfUser } from './sessions-queries';
import { findUserByEmail, insertUser, publicUser, updateUser } from './users-queries';

export interface AccountInput {
  email: string;
  password: string;
  /** Kept as is on update when not given; on create, the part of the e-mail before the @. */
  name?: string;
  /** Kept as is on update when not given; `admin` on create. */
  role?: UserRole;
}

export interface SavedAccount {
  action: 'created' | 'updated';
  user: CurrentUser;
}

export async function saveAccount(db: Db, input: AccountInput, now: string): Promise<SavedAccount> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    const user = await insertUser(db, { email, name: input.name ?? email.split('@')[0]!, role: input.role ?? 'admin', passwordHash }, now);
    return { action: 'created', user: publicUser(user) };
  }
  await db.transaction(async (trx) => {
    await updateUser(trx, existing.id, { name: input.name, role: input.role, passwordHash }, now);
    // A new password signs the account out everywhere: whoever knew the old one loses their session too.
    await deleteSessionsOfUser(trx, existing.id);
  });
  const user = { ...publicUser(existing), ...(input.name ? { name: input.name } : {}), ...(input.role ? { role: input.role } : {}) };
  return { action: 'updated', user };
}
