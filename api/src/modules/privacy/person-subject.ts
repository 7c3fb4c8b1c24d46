// How the staff audit log names a person without holding their address: `person:` and an HMAC-SHA256 of the
// trimmed, lower-cased e-mail under a key derived (HKDF) from the session secret (SESSION_SECRET, or the one
// kept in data/session-secret). The same address always gives the same subject, so staff can see that an
// address was erased before, while the log alone cannot be turned back into addresses: without the secret,
// guessing an address cannot be checked against it. Changing the session secret changes every subject from
// then on (docs/security.md).
import crypto from 'node:crypto';

const INFO = 'directmailers staff-audit person subject';

export function personSubject(sessionKeys: readonly string[], email: string): string {
  const secret = sessionKeys[0];
  if (!secret) throw new Error('No session secret to derive the person hash key from');
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', INFO, 32));
  const digest = crypto.createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
  return `person:${digest.slice(0, 32)}`;
}
