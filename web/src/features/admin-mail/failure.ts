// How a failed call on the Mail screen is reported: a lost session (a 401) gets the Unauthorized toast and the
// trip to the sign-in page; anything else the server's words.
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';

export function failed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  return describeError(error);
}
