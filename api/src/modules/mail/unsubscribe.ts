// The one-click unsubscribe of every alert (RFC 8058): a link naming the person, the kind, and an HMAC of both
// under a key derived (HKDF) from the session secret, so nobody can make a link for someone else and nothing needs
// storing. A POST to it (what a mail client's "Unsubscribe" sends) turns that kind's e-mail off at once; a GET
// (a person, or a link scanner opening every URL of a message) only shows a page whose button posts. Changing the
// session secret retires every link already sent.
import crypto from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contract';

const INFO = 'directmailers mail unsubscribe';
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

function tokenOf(sessionKeys: readonly string[], userId: number, kind: NotificationKind): string {
  const secret = sessionKeys[0];
  if (!secret) throw new Error('No session secret to derive the unsubscribe key from');
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', INFO, 32));
  return crypto.createHmac('sha256', key).update(`${userId}.${kind}`).digest('base64url').slice(0, 32);
}

export function unsubscribeUrl(siteUrl: string, sessionKeys: readonly string[], userId: number, kind: NotificationKind): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?u=${userId}&k=${kind}&t=${tokenOf(sessionKeys, userId, kind)}`;
}

/** The person and kind a link names, when its token is theirs; null for anything else. */
export function checkUnsubscribe(sessionKeys: readonly string[], query: Record<string, unknown>): { userId: number; kind: NotificationKind } | null {
  const userId = Number(query.u);
  const kind = query.k as NotificationKind;
  const token = typeof query.t === 'string' ? query.t : '';
  if (!Number.isSafeInteger(userId) || userId <= 0 || !NOTIFICATION_KINDS.includes(kind)) return null;
  const expected = Buffer.from(tokenOf(sessionKeys, userId, kind));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { userId, kind } : null;
}
