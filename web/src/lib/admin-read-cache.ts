// The service worker's rules for the admin's cached reads (GET /api/admin/* and /api/auth/user), so that
// what the admin shows offline never outlives the session that fetched it:
// - any 401 or 403 from those routes deletes the whole cache (the session ended: expiry, a password reset,
//   a logout elsewhere, a signed-in rep instead of an admin);
// - a successful sign-in (password, setup or invite link) deletes it (the new session must not start with an
//   older session's answers), and so does a request to /api/logout, however it is reached (a link, a typed
//   URL, another tab);
// - an answer from /api/auth/user naming another user than the cached one deletes it before it is kept;
// - an entry older than ADMIN_CACHE_MAX_AGE_SECONDS is never served (workbox-expiration in the worker);
// - CSV exports (every *.csv) are never kept: a file of every lead does not belong in a cache;
// - an answer to a read that was under way when the cache was cleared is not kept (it belongs to the session
//   that ended).
// Signing out with the button deletes it too (lib/offline-data.ts).
import type { WorkboxPlugin } from 'workbox-core/types';
import { ADMIN_API_CACHE } from './cache-names';

/**
 * One day. The admin's offline view is for a trip without a connection, not for keeping data on a device:
 * past a day offline it shows the offline notice without data rather than day-old leads.
 */
export const ADMIN_CACHE_MAX_AGE_SECONDS = 24 * 60 * 60;

const AUTH_USER_PATH = '/api/auth/user';
export const LIVE_STREAM_PATH = '/api/admin/live';

/** The admin's reads the worker keeps: its data and who is signed in, never a CSV export. */
export function isAdminRead(url: URL, origin: string): boolean {
  if (url.origin !== origin || url.pathname.toLowerCase().endsWith('.csv')) return false;
  // The live stream never ends: kept, it would never finish; waited on, it would time out (lib/live-stream.ts).
  if (url.pathname === LIVE_STREAM_PATH) return false;
  return url.pathname.startsWith('/api/admin/') || url.pathname === AUTH_USER_PATH;
}

/** Every way to sign in: a password, the first-run setup, an invite or password-reset link. */
const SIGN_IN_PATHS = new Set(['/api/auth/login', '/api/auth/setup', '/api/auth/account-link']);

/** Requests that end a session or start a new one: whatever the cache holds belongs to an older session. */
export function isSessionBoundary(url: URL, origin: string, method: string): boolean {
  if (url.origin !== origin) return false;
  if (url.pathname === '/api/logout') return true;
  return method === 'POST' && SIGN_IN_PATHS.has(url.pathname);
}

// Counts the clearings in this worker: a read under way when the session ended (a sign-out while the dashboard
// was still loading) answers 200 afterwards, and keeping it would start the cache again with the ended
// session's data. A read is kept only if no clearing happened since it started.
let clearings = 0;

export async function clearAdminCache(): Promise<void> {
  clearings++;
  await caches.delete(ADMIN_API_CACHE);
}

async function userIdOf(response: Response | undefined): Promise<unknown> {
  if (!response) return undefined;
  try {
    return ((await response.clone().json()) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

/** The plugin on the admin reads' strategy that applies the rules above. */
export const adminSessionGuard: WorkboxPlugin = {
  handlerWillStart: async ({ state }) => {
    if (state) state.clearingsAtStart = clearings;
  },
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401 || response.status === 403) await clearAdminCache();
    return response;
  },
  // Cleared while this answer was being stored: the store may have made the cache again, so it goes again.
  cacheDidUpdate: async ({ state }) => {
    if (state && state.clearingsAtStart !== clearings) await caches.delete(ADMIN_API_CACHE);
  },
  cacheWillUpdate: async ({ request, response, state }) => {
    if (response.status !== 200) return null;
    if (state && state.clearingsAtStart !== clearings) return null;
    if (new URL(request.url).pathname === AUTH_USER_PATH) {
      const cached = await (await caches.open(ADMIN_API_CACHE)).match(request);
      // Another user's answers go; this answer, the new user's, is kept (so not counted as a clearing).
      if (cached && (await userIdOf(cached)) !== (await userIdOf(response))) await caches.delete(ADMIN_API_CACHE);
    }
    return response;
  },
};
