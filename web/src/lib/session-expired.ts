// The lost-session path: a destructive toast, then after 500 ms the browser goes to
// /api/login, which signs the person in again and brings them back. Several calls can fail with 401 at the
// same moment; only the first one toasts and schedules the trip.
import { notifyError } from './toast';

export const LOGIN_URL = '/api/login';
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * `titled`: the toast titled 'Unauthorized' with 'You are logged out. Logging in again...' (dashboard).
 * `inline`: the one line 'Unauthorized: You are logged out. Logging in again...' (pricing and sample screens).
 */
export type UnauthorizedWording = 'titled' | 'inline';

let redirecting = false;

export function sessionExpired(wording: UnauthorizedWording): void {
  if (redirecting) return;
  redirecting = true;
  if (wording === 'inline') notifyError('Unauthorized: You are logged out. Logging in again...');
  else notifyError('Unauthorized', 'You are logged out. Logging in again...');
  window.setTimeout(() => window.location.assign(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
}
