// How a failed call on the privacy screen is reported: a lost session (a 401) gets the Unauthorized toast and
// the trip to /api/login; anything else the server's words, where the screen shows them.
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';

export function failed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  return describeError(error);
}
