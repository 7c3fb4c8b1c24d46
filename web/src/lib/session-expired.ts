// The lost-session path: a destructive toast, then, 500 ms after it is on screen, the browser goes to
// /api/login, which signs the person in again and brings them back to the admin screen they were on (an
// alert's /admin?lead=ID opened signed out included). Several calls can fail with 401 at the
// same moment; only the first one toasts and schedules the trip.
import { notifyError } from './toast';

export const LOGIN_URL = '/api/login';
export const LOGIN_REDIRECT_DELAY_MS = 500;
/** A device too slow to load the toast library in this long leaves without the toast rather than stay stuck. */
const TOAST_WAIT_CAP_MS = 3_000;

/**
 * `titled`: the toast titled 'Unauthorized' with 'You are logged out. Logging in again...' (dashboard).
 * `inline`: the one line 'Unauthorized: You are logged out. Logging in again...' (pricing and sample screens).
 */
export type UnauthorizedWording = 'titled' | 'inline';

let redirecting = false;

export function sessionExpired(wording: UnauthorizedWording): void {
  if (redirecting) return;
  redirecting = true;
  const shown =
    wording === 'inline' ? notifyError('Unauthorized: You are logged out. Logging in again...') : notifyError('Unauthorized', 'You are logged out. Logging in again...');
  // The first toast loads the toast library: the 500 ms to read it start once it is on screen.
  const capped = new Promise<void>((resolve) => window.setTimeout(resolve, TOAST_WAIT_CAP_MS));
  void Promise.race([shown, capped]).then(() => window.setTimeout(() => window.location.assign(loginUrlFrom(window.location)), LOGIN_REDIRECT_DELAY_MS));
}

/** /api/login, naming the admin screen to come back to (the server keeps only admin paths). */
function loginUrlFrom(here: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  if (!here.pathname.startsWith('/admin')) return LOGIN_URL;
  return `${LOGIN_URL}?next=${encodeURIComponent(here.pathname + here.search + here.hash)}`;
}
