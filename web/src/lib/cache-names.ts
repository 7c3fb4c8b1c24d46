// Shared by the service worker and the page (sign-out clears these).
export const ADMIN_API_CACHE = 'dm-admin-api';
export const PUBLIC_API_CACHE = 'dm-public-api';
export const CACHED_AT_HEADER = 'X-DM-Cached-At';
