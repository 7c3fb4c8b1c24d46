// The devices an account is signed in on (its live sessions) and ending them: one, every other one, or all.
// Every user manages their own; an admin manages anyone's. Ending a session deletes its row, so that device is
// refused (401) at its next request and its app drops the admin data it kept; each end is in the staff audit log.
import type { CurrentUser, DeviceSession } from '../../contract';
import type { Db } from '../../db/knex';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { recordStaffAction } from '../staff-audit';
import { describeDevice } from './device-description';
import { deleteOtherSessionsOfUser, deleteSessionOfUser, deleteSessionsOfUser, listSessionsOfUser, type SessionRow } from './sessions-queries';
import { findUserById, type UserRow } from './users-queries';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Actor = Pick<CurrentUser, 'id' | 'name'>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function deviceOf(row: SessionRow, currentId: string | null): DeviceSession {
  return {
    id: row.id,
    ...describeDevice(row.userAgent),
    signedInAt: iso(row.createdAt),
    lastActiveAt: iso(row.lastActiveAt ?? row.createdAt),
    current: row.id === currentId,
  };
}

/** How the audit log names a device: what the list shows for it. */
function deviceLabel(row: SessionRow | undefined): string {
  if (!row) return 'unknown device';
  const { browser, os, deviceType } = describeDevice(row.userAgent);
  return [browser ?? 'Unknown browser', os ? `on ${os}` : null, `(${deviceType})`].filter(Boolean).join(' ');
}

/** The account's live sessions, most recently active first; `currentId` marks the one asking. */
export async function listDevices({ db, clock }: Deps, userId: number, currentId: string | null): Promise<DeviceSession[]> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return (await listSessionsOfUser(db, userId, clock().getTime())).map((row) => deviceOf(row, currentId));
}

async function ownerOr404(trx: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(trx, userId);
  if (!user) throw notFound('User');
  return user;
}

const about = (user: UserRow) => ({ subject: `user:${user.id}`, details: { email: user.email, name: user.name } });

/** Ends one session of the account; 404 when it has no such live session. */
export async function endDevice(deps: Deps, actor: Actor, userId: number, sessionId: string): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const user = await ownerOr404(trx, userId);
    const row = (await listSessionsOfUser(trx, userId, deps.clock().getTime())).find((s) => s.id === sessionId);
    if (!row || (await deleteSessionOfUser(trx, userId, sessionId)) === 0) throw notFound('Session');
    const { subject, details } = about(user);
    await recordStaffAction(trx, deps.clock, { actor, action: 'session.end', subject, details: { ...details, device: deviceLabel(row) } });
  });
}

/** "Sign out everywhere else": every session of the account but `keepId` (the one asking). */
export async function endOtherDevices(deps: Deps, actor: Actor, userId: number, keepId: string): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const user = await ownerOr404(trx, userId);
    const ended = await deleteOtherSessionsOfUser(trx, userId, keepId);
    const { subject, details } = about(user);
    if (ended > 0) await recordStaffAction(trx, deps.clock, { actor, action: 'session.end_others', subject, details: { ...details, ended } });
    return ended;
  });
}

/** An admin signs an account out everywhere. */
export async function endAllDevices(deps: Deps, actor: Actor, userId: number): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const user = await ownerOr404(trx, userId);
    const ended = await deleteSessionsOfUser(trx, userId);
    const { subject, details } = about(user);
    if (ended > 0) await recordStaffAction(trx, deps.clock, { actor, action: 'session.end_all', subject, details: { ...details, ended } });
    return ended;
  });
}
