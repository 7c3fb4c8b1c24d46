// Every name this app gives to browser storage and channels, in one place: pages and the service worker
// must agree on them, sign-out clears the admin's cache by name, and the browser tests read them from here.
// The names are on visitors' and staff's devices: changing one orphans what is stored under the old name.
export const ADMIN_API_CACHE = 'dm-admin-api';
export const PUBLIC_API_CACHE = 'dm-public-api';
/** Marks an answer the service worker served from its cache; the value is when the server first sent it. */
export const CACHED_AT_HEADER = 'X-DM-Cached-At';

/** The outbox's IndexedDB database. The name is on visitors' devices: changing it would orphan what waits. */
export const OUTBOX_DB_NAME = 'dm-outbox';
/** The Web Lock held by whoever replays the outbox (a tab or the service worker). */
export const OUTBOX_LOCK_NAME = 'dm-outbox';
/** The Background Sync tag that wakes the service worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'dm-outbox';
/** The Web Lock held by the one tab that keeps the staff's live stream open for all the app's tabs. */
export const LIVE_STREAM_LOCK_NAME = 'dm-live-stream';
/** The BroadcastChannel of the app's event bus (lib/events.ts), shared by tabs and the service worker. */
export const EVENTS_CHANNEL = 'dm-events';
/** The page's message to the service worker: "cache these answers I fetched before you controlled me". */
export const CACHE_ANSWERS_MESSAGE = 'CACHE_ANSWERS';
/** The service worker's message to an open admin window: "show this path" (a notification was clicked). */
export const OPEN_PATH_MESSAGE = 'OPEN_PATH';

/** The captures made on this device (IndexedDB), kept after the outbox has delivered them. */
export const CAPTURES_DB_NAME = 'dm-captures';
/** The event a rep is capturing at (localStorage). */
export const CAPTURE_EVENT_KEY = 'dm-capture-event';
/** The last account known to be signed in on this device (localStorage). */
export const KNOWN_USER_KEY = 'dm-known-user';
/** Where this visit came from (sessionStorage: one visit, one tab session). */
export const ATTRIBUTION_STORAGE_KEY = 'dm.attribution';
