// A session's id as the Devices lists show it: the hex SHA-256 its row is keyed by (never the cookie's value,
// which cannot be derived from it). Anything else names no session.
import { AppError } from '../../http/errors';

const SESSION_ID = /^[0-9a-f]{64}$/;

export function parseSessionId(raw: string | undefined): string {
  if (!raw || !SESSION_ID.test(raw)) throw new AppError('not_found', 'Session not found');
  return raw;
}
