// Staff accounts, as admins manage them from the Team screen and as `npm run user:add` creates them: every change
// goes through here, in one transaction with its line in the staff audit log. The account's sessions are ended
// by deleting their rows in that same transaction, so a deactivated or reset account's devices are refused
// (401) from their very next request; whatever else is keyed to a session goes with its row.
import { normaliseEmail, type CurrentUser, type InviteInput, type StaffChange, type StaffMember, type UserRole } from '../../contract';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { hashPassword, countLiveSessionsByUser, deleteSessionsOfUser, NO_PASSWORD, deleteInvitedUser, findUserByEmail, findUserById, insertUser, insertUserUnlessTaken, listUsers, publicUser, updateUser, type UserRow } from '../auth';
import { recordStaffAction, type StaffAuditLine } from '../staff-audit';
import { accountLinkUrl, issueAccountLink } from './account-links';
import { queueAccountLinkMail } from '../mail';
import { pendingLinksByUser, retireLinksOf, type AccountLinkRow } from './account-links-queries';
import { assertNotLastActiveAdmin } from './last-admin';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** What a change that makes a link needs besides: the mail queue's settings, to e-mail the link to the person. */
type LinkDeps = Deps & Pick<AppDeps, 'config' | 'sessionKeys'>;
/** Who acts: the signed-in admin. */
export type Actor = Pick<CurrentUser, 'id' | 'name'>;

/** A change that made a one-time link: the account as it now stands, and the link's token (shown once). */
export interface IssuedLink {
  user: StaffMember;
  token: string;
  expiresAt: string;
}

export const TEAM_MESSAGES = {
  exists: 'An account with this e-mail already exists.',
  existsInvited: 'This person already has an invite. Make a new link for them instead.',
  existsDeactivated: 'An account with this e-mail exists and is deactivated. Reactivate it instead.',
  notInvited: 'Only an invited account has an invite to renew or cancel.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfReset: 'You cannot reset your own password here. Ask another admin, or use npm run user:add.',
  resetInvited: 'This person has not chosen a password yet. Make a new invite link instead.',
  resetDeactivated: 'Reactivate the account before resetting its password.',
  deactivateInvited: 'An invite is cancelled, not deactivated.',
} as const;

function staffMember(user: UserRow, deviceCount: number, link: AccountLinkRow | undefined, now: string): StaffMember {
  return {
    ...publicUser(user),
    state: user.state,
    lastActiveAt: user.lastActiveAt,
    deviceCount: user.state === 'active' ? deviceCount : 0,
    createdAt: user.createdAt,
    pendingLink: link ? { kind: link.kind, expiresAt: link.expiresAt, expired: link.expiresAt <= now } : null,
  };
}

/** Every account, admins first, each with its live devices and any link it waits on. */
export async function listStaff({ db, clock }: Deps): Promise<StaffMember[]> {
  const now = clock();
  const [users, devices, links] = await Promise.all([listUsers(db), countLiveSessionsByUser(db, now.getTime()), pendingLinksByUser(db)]);
  return users.map((u) => staffMember(u, devices.get(u.id) ?? 0, links.get(u.id), now.toISOString()));
}

async function memberIn(trx: Db, clock: () => Date, id: number): Promise<StaffMember> {
  const now = clock();
  // One after another: a transaction is one connection, and node-postgres refuses (from pg 9) a query sent while
  // another is still under way on it.
  const user = await findUserById(trx, id);
  const devices = await countLiveSessionsByUser(trx, now.getTime());
  const links = await pendingLinksByUser(trx);
  if (!user) throw notFound('User');
  return staffMember(user, devices.get(id) ?? 0, links.get(id), now.toISOString());
}

async function userOr404(trx: Db, id: number): Promise<UserRow> {
  const user = await findUserById(trx, id);
  if (!user) throw notFound('User');
  return user;
}

/** The audit line about account `user`: its e-mail and name go with it, so the log still reads after a cancelled invite. */
function aboutUser(actor: Actor | null, action: StaffAuditLine['action'], user: Pick<UserRow, 'id' | 'email' | 'name'>, details: Record<string, unknown> = {}): StaffAuditLine {
  return { actor, action, subject: `user:${user.id}`, details: { email: user.email, name: user.name, ...details } };
}

/**
 * E-mails a link just made to the person, in the transaction that made it (the copyable link stays, for setups
 * without mail). The link in the message is made for the configured site (SITE_URL), never for the Host a request
 * named.
 */
async function mailLink(trx: Knex.Transaction, deps: LinkDeps, kind: 'invite' | 'password_reset', user: Pick<UserRow, 'id' | 'email' | 'name'>, link: { token: string; expiresAt: string }): Promise<void> {
  const url = accountLinkUrl(deps.config.mail.siteUrl, link.token);
  await queueAccountLinkMail(trx, deps, { kind, user, url, expiresAt: link.expiresAt }, nowIso(deps.clock));
}

export async function inviteStaff(deps: LinkDeps, actor: Actor, input: InviteInput): Promise<IssuedLink> {
  const email = normaliseEmail(input.email);
  return deps.db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) throw conflictFor(existing);
    const user = await insertUserUnlessTaken(trx, { email, name: input.name, role: input.role, passwordHash: NO_PASSWORD, state: 'invited' }, nowIso(deps.clock));
    if (!user) throw new AppError('conflict', TEAM_MESSAGES.exists);
    const link = await issueAccountLink(trx, deps.clock, user.id, 'invite');
    await mailLink(trx, deps, 'invite', user, link);
    await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.invite', user, { role: user.role, expiresAt: link.expiresAt }));
    return { user: await memberIn(trx, deps.clock, user.id), ...link };
  });
}

function conflictFor(existing: UserRow): AppError {
  if (existing.state === 'invited') return new AppError('conflict', TEAM_MESSAGES.existsInvited);
  if (existing.state === 'deactivated') return new AppError('conflict', TEAM_MESSAGES.existsDeactivated);
  return new AppError('conflict', TEAM_MESSAGES.exists);
}

/** A new invite link for an invited account; the one it had stops working. */
export async function renewInvite(deps: LinkDeps, actor: Actor, id: number): Promise<IssuedLink> {
  return deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    if (user.state !== 'invited') throw new AppError('conflict', TEAM_MESSAGES.notInvited);
    const link = await issueAccountLink(trx, deps.clock, user.id, 'invite');
    await mailLink(trx, deps, 'invite', user, link);
    await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.invite_renew', user, { expiresAt: link.expiresAt }));
    return { user: await memberIn(trx, deps.clock, user.id), ...link };
  });
}

/** Withdraws an invite: the invited account (which never signed in and made nothing) and its link are deleted. */
export async function cancelInvite(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    // deleteInvitedUser checks the state again in its own statement: a person completing their link at this
    // moment is either still invited (and gone) or already active (and kept, with a 409 here).
    if (user.state !== 'invited' || !(await deleteInvitedUser(trx, id))) throw new AppError('conflict', TEAM_MESSAGES.notInvited);
    await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.invite_cancel', user, { role: user.role }));
  });
}

/** A new role, a new name, or both. Demoting the last active admin is refused. */
export async function changeStaff(deps: Deps, actor: Actor, id: number, change: StaffChange): Promise<StaffMember> {
  return deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    const now = nowIso(deps.clock);
    if (change.role !== undefined && change.role !== user.role) {
      if (user.role === 'admin') await assertNotLastActiveAdmin(trx, user.id);
      await updateUser(trx, id, { role: change.role }, now);
      await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.role', user, { before: user.role, after: change.role }));
    }
    if (change.name !== undefined && change.name !== user.name) {
      await updateUser(trx, id, { name: change.name }, now);
      await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.rename', user, { before: user.name, after: change.name }));
    }
    return memberIn(trx, deps.clock, id);
  });
}

/** Ends the account's password and every session, and makes the link that lets them choose a new one. */
export async function resetPassword(deps: LinkDeps, actor: Actor, id: number): Promise<IssuedLink> {
  if (id === actor.id) throw new AppError('conflict', TEAM_MESSAGES.selfReset);
  return deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    if (user.state === 'invited') throw new AppError('conflict', TEAM_MESSAGES.resetInvited);
    if (user.state === 'deactivated') throw new AppError('conflict', TEAM_MESSAGES.resetDeactivated);
    await updateUser(trx, id, { passwordHash: NO_PASSWORD }, nowIso(deps.clock));
    const sessionsEnded = await deleteSessionsOfUser(trx, id);
    const link = await issueAccountLink(trx, deps.clock, id, 'reset');
    await mailLink(trx, deps, 'password_reset', user, link);
    await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.password_reset', user, { sessionsEnded, expiresAt: link.expiresAt }));
    return { user: await memberIn(trx, deps.clock, id), ...link };
  });
}

/**
 * Retires an account: every session ends now (their rows are deleted), any link it held dies, and no password
 * signs it in until it is reactivated. What the person captured keeps their name as its author.
 */
export async function deactivateStaff(deps: Deps, actor: Actor, id: number): Promise<StaffMember> {
  if (id === actor.id) throw new AppError('conflict', TEAM_MESSAGES.selfDeactivate);
  return deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    if (user.state === 'invited') throw new AppError('conflict', TEAM_MESSAGES.deactivateInvited);
    if (user.state === 'active') {
      if (user.role === 'admin') await assertNotLastActiveAdmin(trx, id);
      const now = nowIso(deps.clock);
      await updateUser(trx, id, { state: 'deactivated' }, now);
      const sessionsEnded = await deleteSessionsOfUser(trx, id);
      await retireLinksOf(trx, id, now);
      await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.deactivate', user, { sessionsEnded }));
    }
    return memberIn(trx, deps.clock, id);
  });
}

/** Lets a deactivated account sign in again, with the password it had (a reset makes a new one). */
export async function reactivateStaff(deps: Deps, actor: Actor, id: number): Promise<StaffMember> {
  return deps.db.transaction(async (trx) => {
    const user = await userOr404(trx, id);
    if (user.state === 'deactivated') {
      await updateUser(trx, id, { state: 'active' }, nowIso(deps.clock));
      await recordStaffAction(trx, deps.clock, aboutUser(actor, 'user.reactivate', user));
    }
    return memberIn(trx, deps.clock, id);
  });
}

// ---- The command line (npm run user:add) ----

export interface CliAccountInput {
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
  state: StaffMember['state'];
}

/**
 * Creates an account with a password, or gives an existing one a new password (and the name and role when given),
 * signing it out everywhere: whoever knew the old password loses their session too. An invited account becomes
 * active; a deactivated one stays deactivated. The same last-admin rule as the Team screen applies; the audit log
 * names no actor (the command line).
 */
export async function saveAccount(db: Db, input: CliAccountInput, now: string): Promise<SavedAccount> {
  const clock = () => new Date(now);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (!existing) {
      const user = await insertUser(trx, { email, name: input.name ?? email.split('@')[0]!, role: input.role ?? 'admin', passwordHash }, now);
      await recordStaffAction(trx, clock, aboutUser(null, 'user.create', user, { role: user.role }));
      return { action: 'created', user: publicUser(user), state: user.state };
    }
    const role = input.role ?? existing.role;
    if (existing.role === 'admin' && role !== 'admin') await assertNotLastActiveAdmin(trx, existing.id);
    const state = existing.state === 'invited' ? 'active' : existing.state;
    await updateUser(trx, existing.id, { name: input.name, role, passwordHash, state }, now);
    await deleteSessionsOfUser(trx, existing.id);
    await retireLinksOf(trx, existing.id, now);
    await recordStaffAction(trx, clock, aboutUser(null, 'user.password_set', existing));
    if (role !== existing.role) await recordStaffAction(trx, clock, aboutUser(null, 'user.role', existing, { before: existing.role, after: role }));
    return { action: 'updated', user: publicUser({ ...existing, name: input.name ?? existing.name, role }), state };
  });
}
