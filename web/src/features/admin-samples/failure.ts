// How a failed call on the sample screens is reported: a lost session (a 401) gets the one-line
// Unauthorized toast and the trip to /api/login; anything else the screen's own failure toast.
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';
import { notifyError } from '../../lib/toast';

export function messageOf(error: unknown): string {
  return describeError(error);
}

/** For reads: the lost-session path, else the message to show in the list's error panel. */
export function readFailed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('inline');
  return messageOf(error);
}

/** For writes: the lost-session path, else the spec's failure toast (with a description when given). */
export function writeFailed(error: unknown, toast: string, description?: string): void {
  if (isUnauthorized(error)) sessionExpired('inline');
  else notifyError(toast, description);
}
