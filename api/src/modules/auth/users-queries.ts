import { lockedForShare, lockedForUpdate } from '../../db/dialect';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import { announceAccessChange } from '../../pipeline/live-channel';
import { normaliseEmail, type CurrentUser, type StaffState, type UserRole } from '../../contract';

export interface UserRow extends CurrentUser {
  state: StaffState;
  /** NO_PASSWORD while invited or waiting on a password reset. */
  passwordHash: string;
  lastActiveAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The stored hash of an account that has no password (yet): no password verifies against it. */
export const NO_PASSWORD = '';

/** Whether a password can sign this account in: active, with a password (not waiting on an invite or a reset). */
export function canSignInWithPassword(user: UserRow): boolean {
  return isActive(user) && user.passwordHash !== NO_PASSWORD;
}

/** Only an active account may hold a session: an invited one has no password yet, a deactivated one is retired. */
export function isActive(user: UserRow): boolean {
  return user.state === 'active';
}

/** The columns of `users` that userFromRow reads, for a query that names them (the session's read). */
export const USER_ROW_COLUMNS = ['id', 'email', 'name', 'role', 'status', 'password_hash', 'last_active_at', 'created_at', 'updated_at'] as const;

/** A `users` row as the app sees it; the sessions query reads users beside sessions and maps them here too. */
export function userFromRow(row: Record<string, unknown>): UserRow {
  return {
    id: Number(row.id),
    email: String(row.email),
    name: String(row.name),
    role: row.role as UserRole,
    state: (row.status as StaffState | undefined) ?? 'active',
    passwordHash: String(row.password_hash),
    lastActiveAt: row.last_active_at == null ? null : toIso(row.last_active_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const row = await db('users').where({ id }).first();
  return row ? userFromRow(row) : undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const row = await db('users').where({ email: normaliseEmail(email) }).first();
  return row ? userFromRow(row) : undefined;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db('users').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function publicUser(user: UserRow): CurrentUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/**
 * What a session may be opened for: the account, and the password hash the sign-in verified (or the link or
 * setup just stored). The session is stored only while that hash is still the account's (sessions-queries.ts).
 */
export interface SignInGrant {
  user: CurrentUser;
  passwordHash: string;
}

export function signInGrant(user: UserRow): SignInGrant {
  return { user: publicUser(user), passwordHash: user.passwordHash };
}

/**
 * True while account `id` is active and `passwordHash` is still its password; its row then stays share-locked
 * until transaction `trx` ends, so a reset, a new password or a deactivation waits for that transaction to
 * commit, and one already under way is waited for and seen (it changed the hash or the state: false).
 */
export async function lockWhilePasswordIs(trx: Db, id: number, passwordHash: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD) return false;
  const query = trx('users').select('id').where({ id, password_hash: passwordHash, status: 'active' });
  return (await lockedForShare(trx, query, 'users').first()) !== undefined;
}

/** Upgrades the hash of a password just verified, unless it changed since it was read (then false). */
export async function replacePasswordHash(db: Db, id: number, verified: string, upgraded: string, now: string): Promise<boolean> {
  const n = await db('users').where({ id, password_hash: verified }).update({ password_hash: upgraded, updated_at: now });
  return n === 1;
}

export interface NewUser {
  email: string;
  name: string;
  role: UserRole;
  passwordHash: string;
  /** `active` unless given. */
  state?: StaffState;
}

/** Inserts an account unless one has this e-mail already (then undefined), settling two concurrent invites too. */
export async function insertUserUnlessTaken(db: Db, user: NewUser, now: string): Promise<UserRow | undefined> {
  const [row] = await db('users')
    .insert(userInsertRow(user, now))
    .onConflict('email')
    .ignore()
    .returning('*');
  return row ? userFromRow(row) : undefined;
}

function userInsertRow(user: NewUser, now: string) {
  return {
    email: normaliseEmail(user.email),
    name: user.name,
    role: user.role,
    password_hash: user.passwordHash,
    status: user.state ?? 'active',
    created_at: now,
    updated_at: now,
  };
}

/** Inserts an account; the e-mail is stored lowercased so sign-in is case-insensitive. */
export async function insertUser(db: Db, user: NewUser, now: string): Promise<UserRow> {
  const [row] = await db('users').insert(userInsertRow(user, now)).returning('*');
  return userFromRow(row);
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<Pick<NewUser, 'name' | 'role' | 'passwordHash' | 'state'>>,
  now: string,
): Promise<void> {
  await db('users')
    .where({ id })
    .update({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.state !== undefined ? { status: changes.state } : {}),
      updated_at: now,
    });
  // What the account may see or whether it may be signed in changed: its open live streams are checked at once.
  if (changes.role !== undefined || changes.passwordHash !== undefined || changes.state !== undefined) await announceAccessChange(db, id);
}

/** Deletes an account; only an invited one, which never signed in, so nothing it made is left without its author. */
export async function deleteInvitedUser(db: Db, id: number): Promise<boolean> {
  return (await db('users').where({ id, status: 'invited' }).delete()) === 1;
}

/** Records activity seen on one of the account's sessions (called at most every few minutes per session). */
export async function noteUserActivity(db: Db, id: number, atIso: string): Promise<void> {
  await db('users').where({ id }).andWhere((q) => q.whereNull('last_active_at').orWhere('last_active_at', '<', atIso)).update({ last_active_at: atIso });
}

/** Every account, admins first then by name: the Team screen's list (a staff of a few dozen, never paged). */
export async function listUsers(db: Db): Promise<UserRow[]> {
  const rows = await db('users').select('*').orderBy([{ column: 'role' }, { column: 'name' }, { column: 'id' }]);
  return rows.map(userFromRow);
}

/** Locks account `id`'s row until transaction `trx` ends (lockedForUpdate): its changes take turns. */
export async function lockUser(trx: Db, id: number): Promise<void> {
  await lockedForUpdate(trx, trx('users').select('id').where({ id }), 'users');
}

/**
 * The active admins, their rows locked until the transaction ends (lockedForUpdate), in id order so two
 * transactions lock them in the same order and cannot deadlock. A transaction that waited for another's lock
 * reads the rows as that one left them: an admin it demoted or deactivated is no longer in the list.
 */
export async function lockActiveAdmins(trx: Db): Promise<number[]> {
  const rows = await lockedForUpdate(trx, trx('users').select('id').where({ role: 'admin', status: 'active' }).orderBy('id'), 'users');
  return rows.map((r: { id: unknown }) => Number(r.id));
}
