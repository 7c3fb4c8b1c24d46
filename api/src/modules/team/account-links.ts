// Invite and password-reset links: made by an admin (shown to them once, to pass on), opened by the person, who
// chooses a password and is signed in. A link works once, for ACCOUNT_LINK_TTL_DAYS, and only while it is the
// account's newest one; opening a dead link says why it died.
import crypto from 'node:crypto';
import { ACCOUNT_LINK_TTL_DAYS, FORGOT_LINK_TTL_MINUTES, normaliseEmail, type AccountLinkInfo, type AccountLinkKind } from '../../contract';
import type { Db } from '../../db/knex';
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { deleteSessionsOfUser, findUserByEmail, hashPassword, findUserById, lockUser, signInGrant, updateUser, type SignInGrant } from '../auth';
import { hitWindow } from '../../http/rate-limit-queries';
import { queueAccountLinkMail } from '../mail';
import { recordStaffAction } from '../staff-audit';
import { claimAccountLink, findAccountLink, insertAccountLink, type AccountLinkRow } from './account-links-queries';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const ACCOUNT_LINK_TTL_MS = ACCOUNT_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;
/** A link the person asked for by e-mail lives an hour: it only has to reach their inbox. */
export const FORGOT_LINK_TTL_MS = FORGOT_LINK_TTL_MINUTES * 60 * 1000;
const ttlOf = (kind: AccountLinkKind) => (kind === 'forgot' ? FORGOT_LINK_TTL_MS : ACCOUNT_LINK_TTL_MS);
/** The page that opens a link; the token rides in its query string, which the access log never writes. */
export const ACCOUNT_LINK_PATH = '/set-password';

export const LINK_MESSAGES = {
  invalid: 'This link is not valid. Ask your admin for a new one.',
  used: 'This link has already been used. Sign in with the password you chose.',
  replaced: 'This link was replaced by a newer one. Use the newest link your admin gave you.',
  expired: 'This link has expired. Ask your admin for a new one.',
} as const;

/** A link the person asked for themselves came by e-mail, and a new one is theirs to ask for, not an admin's. */
export const FORGOT_LINK_MESSAGES = {
  replaced: 'This link was replaced by a newer one. Use the newest link we e-mailed you.',
  expired: 'This link has expired. Ask for a new one with "Forgot password?" on the sign-in page.',
} as const;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function accountLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${ACCOUNT_LINK_PATH}?token=${token}`;
}

/**
 * Makes the account's new link in transaction `trx`, retiring any older one; only its hash is stored. Two new
 * links for one account at once (two presses of "new link") take turns on the account's row: otherwise each
 * would retire the links it could see, neither would see the other's new one, and on PostgreSQL both would stay live.
 */
export async function issueAccountLink(trx: Db, clock: () => Date, userId: number, kind: AccountLinkKind): Promise<{ token: string; expiresAt: string }> {
  await lockUser(trx, userId);
  const token = crypto.randomBytes(32).toString('base64url');
  const createdAt = nowIso(clock);
  const expiresAt = new Date(clock().getTime() + ttlOf(kind)).toISOString();
  await insertAccountLink(trx, { tokenHash: hashToken(token), userId, kind, createdAt, expiresAt });
  return { token, expiresAt };
}

/** 404 for a token never made (or whose invite was cancelled), 410 with the reason for a used, replaced or expired one. */
function assertUsable(link: AccountLinkRow | undefined, now: string): asserts link is AccountLinkRow {
  if (!link) throw new AppError('not_found', LINK_MESSAGES.invalid);
  if (link.usedAt) throw new AppError('gone', LINK_MESSAGES.used);
  const messages = link.kind === 'forgot' ? FORGOT_LINK_MESSAGES : LINK_MESSAGES;
  if (link.replacedAt) throw new AppError('gone', messages.replaced);
  if (link.expiresAt <= now) throw new AppError('gone', messages.expired);
}

export async function describeAccountLink({ db, clock }: Deps, token: string): Promise<AccountLinkInfo> {
  const link = token ? await findAccountLink(db, hashToken(token)) : undefined;
  assertUsable(link, nowIso(clock));
  const user = await findUserById(db, link.userId);
  // Deactivating retires the account's links, so a usable link always has an account that may use it.
  if (!user || user.state === 'deactivated') throw new AppError('not_found', LINK_MESSAGES.invalid);
  return { kind: link.kind, name: user.name, email: user.email, expiresAt: link.expiresAt };
}

/**
 * Sets the password the person chose, makes an invited account active, marks the link used: one transaction. A
 * reset or forgotten-password link also ends every other session of the account (whoever knew the old password,
 * or holds a device the person lost); the person's new session starts after the commit.
 */
export async function completeAccountLink(deps: Deps, input: { token: string; password: string }): Promise<SignInGrant> {
  await describeAccountLink(deps, input.token);
  // Hashed before the transaction: on SQLite the transaction holds the only connection.
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (trx) => {
    const now = nowIso(deps.clock);
    const tokenHash = hashToken(input.token);
    if (!(await claimAccountLink(trx, tokenHash, now))) {
      // Someone used, replaced or cancelled it since it was checked: answer why.
      assertUsable(await findAccountLink(trx, tokenHash), now);
      throw new AppError('gone', LINK_MESSAGES.used);
    }
    const link = (await findAccountLink(trx, tokenHash))!;
    const user = await findUserById(trx, link.userId);
    if (!user || user.state === 'deactivated') throw new AppError('not_found', LINK_MESSAGES.invalid);
    await updateUser(trx, user.id, { passwordHash, state: 'active' }, now);
    const sessionsEnded = link.kind === 'invite' ? 0 : await deleteSessionsOfUser(trx, user.id);
    await recordStaffAction(trx, deps.clock, {
      actor: { id: user.id, name: user.name },
      action: 'user.setup',
      subject: `user:${user.id}`,
      details: { kind: link.kind, email: user.email, name: user.name, ...(sessionsEnded ? { sessionsEnded } : {}) },
    });
    return signInGrant({ ...user, passwordHash, state: 'active' });
  });
}

/** "Forgot password?" asked at most this often for one address, and from one address of the internet, per hour. */
export const FORGOT_PER_ADDRESS_PER_HOUR = 3;
export const FORGOT_PER_IP_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
export const FORGOT_RATE_LIMITED = 'Too many password links asked for. Try again in an hour.';

/**
 * "Forgot password?": an active account at this address gets a link by e-mail (an hour, once, only while newest),
 * made and queued in one transaction with its audit line. The caller answers the same whatever happened here, so
 * the answer never tells whether an address has an account. Limited per address and per IP (counted in the
 * database for every process), whether or not the address exists.
 */
export async function requestPasswordLink(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionKeys'>, email: string, ip: string): Promise<void> {
  const address = normaliseEmail(email);
  const now = deps.clock().getTime();
  // The counters share rate_limits with the public forms' one-minute windows, whose sweep deletes every window
  // that started before the current minute: an hour's window is therefore filed under its end, and goes once over.
  // The address is counted as a hash: a stranger's address typed here is not kept.
  const windowEnd = now - (now % HOUR_MS) + HOUR_MS;
  const byAddress = await hitWindow(deps.db, `forgot-password:${crypto.createHash('sha256').update(address).digest('hex').slice(0, 32)}`, windowEnd);
  const byIp = await hitWindow(deps.db, `forgot-password-ip:${ip}`, windowEnd);
  if (byAddress > FORGOT_PER_ADDRESS_PER_HOUR || byIp > FORGOT_PER_IP_PER_HOUR) {
    throw new AppError('rate_limited', FORGOT_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) });
  }
  await deps.db.transaction(async (trx) => {
    const user = await findUserByEmail(trx, address);
    if (!user || user.state !== 'active') return;
    const link = await issueAccountLink(trx, deps.clock, user.id, 'forgot');
    const url = accountLinkUrl(deps.config.mail.siteUrl, link.token);
    await queueAccountLinkMail(trx, deps, { kind: 'forgot_password', user, url, expiresAt: link.expiresAt }, nowIso(deps.clock));
    await recordStaffAction(trx, deps.clock, {
      actor: null,
      action: 'user.password_forgot',
      subject: `user:${user.id}`,
      details: { email: user.email, name: user.name, expiresAt: link.expiresAt },
    });
  });
}
