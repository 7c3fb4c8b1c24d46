// Items made under a staff account go out only under that account's session. The server credits a capture
// to whoever's session sends it, so an item waiting at sign-out must not be sent by the next person to sign
// in on the device: it waits, visibly, for its own account. Who is signed in is asked of the server right
// before a replay (pages and the service worker alike), never taken from a cached answer.
import { CACHED_AT_HEADER } from '../cache-names';
import type { OutboxItem, OutboxOwner } from './outbox-types';

export const SESSION_USER_URL = '/api/auth/user';
const TIMEOUT_MS = 10_000;

/** The signed-in account's id, null when nobody is signed in, undefined when the server could not be asked. */
export async function sessionUserId(): Promise<number | null | undefined> {
  try {
    const res = await fetch(SESSION_USER_URL, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    // The service worker's copy of an earlier answer says who was signed in then, not now.
    if (res.headers.has(CACHED_AT_HEADER)) return undefined;
    if (res.status === 401) return null;
    if (!res.ok) return undefined;
    const user = (await res.json()) as { id?: unknown };
    return typeof user.id === 'number' ? user.id : undefined;
  } catch {
    return undefined;
  }
}

/** True when the item belongs to an account other than the session's (or the session is unknown). */
export function waitsForOwner(item: Pick<OutboxItem, 'owner'>, sessionUser: number | null | undefined): boolean {
  return item.owner !== undefined && item.owner.id !== sessionUser;
}

export function ownerWaitMessage(owner: OutboxOwner): string {
  return `Waiting for ${owner.name} to sign in`;
}
