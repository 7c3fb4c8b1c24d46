// The last account known to be signed in on this device (from the last /api/auth/user answer), so a screen
// that works offline (event capture) knows whose captures to show when the sign-in check cannot reach the
// server. Only the id and name: enough to bind and label captures, nothing else about the account. Forgotten
// on sign-out and whenever the server says nobody is signed in.
import { KNOWN_USER_KEY as KEY } from './cache-names';

export interface KnownUser {
  id: number;
  name: string;
}

export function readKnownUser(): KnownUser | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<KnownUser> | null;
    return value && typeof value.id === 'number' && typeof value.name === 'string' ? { id: value.id, name: value.name } : null;
  } catch {
    return null;
  }
}

export function rememberKnownUser(user: KnownUser): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ id: user.id, name: user.name }));
  } catch {
    /* private mode or full: offline the screen then knows nobody, and shows nothing */
  }
}

export function forgetKnownUser(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
}
