// How the staff audit log names a person without holding their address: `person:` and an HMAC-SHA256 of the
// normalised e-mail (normaliseEmail: trimmed, NFC, lower-cased, the form every "same address" rule compares)
// under a key derived (HKDF) from the session secret (SESSION_SECRET, or the one kept in data/session-secret).
// The same address, in any case or Unicode form, always gives the same subject, so staff can see that an
// address was erased before, while the log alone cannot be turned back into addresses: without the secret,
// guessing an address cannot be checked against it. Changing the session secret changes every subject from
// then on (docs/security.md).
import crypto from 'node:crypto';
import { normaliseEmail } from '../../contract';

const INFO = 'directmailers staff-audit person subject';

export function personSubject(sessionKeys: readonly string[], email: string): string {
  const secret = sessionKeys[0];
  if (!secret) throw new Error('No session secret to derive the person hash key from');
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, '', INFO, 32));
  const digest = crypto.createHmac('sha256', key).update(normaliseEmail(email)).digest('hex');
  return `person:${digest.slice(0, 32)}`;
}
