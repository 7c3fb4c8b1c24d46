/// <reference lib="webworker" />
// The service worker: precached pages and assets answer navigations (fast, and offline), admin reads fall
// back to their last answer offline, public pricing is stale-while-revalidate, and Background Sync replays
// the outbox, and staff's notifications arrive by Web Push. It never takes over by itself: the page asks, after
// the visitor agrees to reload.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { replayOutbox } from './lib/outbox';
import { ADMIN_API_CACHE, CACHE_ANSWERS_MESSAGE, CACHED_AT_HEADER, OPEN_PATH_MESSAGE, OUTBOX_SYNC_TAG, PUBLIC_API_CACHE } from './lib/cache-names';
import { safeAppPath, showRecordNotification } from './lib/notifications/show';
import { resubscribePush } from './lib/notifications/push-subscription';
import type { PushMessage } from '@contract';
import { ADMIN_CACHE_MAX_AGE_SECONDS, adminSessionGuard, clearAdminCache, isAdminRead, isSessionBoundary } from './lib/admin-read-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The client-rendered routes (the same list as api/src/http/static-files.ts serves the shell for).
const APP_SHELL = /^\/(admin(\/.*)?|login|setup|set-password)\/?$/;

// Prerendered pages live at /<route>/index.html: let /print find /print/index.html.
precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: 'index.html',
  urlManipulation: ({ url }) => [new URL(`${url.pathname.replace(/\/$/, '')}/index.html`, url)],
});
cleanupOutdatedCaches();
clientsClaim();

// Signing in or out, however it is reached: the admin's cached answers belong to the session that ends.
// Registered before the navigation route, which would otherwise take /api/logout reached by a link.
for (const method of ['GET', 'POST'] as const) {
  registerRoute(
    ({ url, request }) => isSessionBoundary(url, self.location.origin, request.method),
    async ({ request }) => {
      const logout = new URL(request.url).pathname === '/api/logout';
      if (logout) await clearAdminCache();
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        // Offline: the server's session outlives this, but nothing of it is left on the device; home page.
        if (logout && request.mode === 'navigate') return Response.redirect(new URL('/', self.location.origin).href, 302);
        throw error;
      }
      if (response.ok || response.type === 'opaqueredirect') await clearAdminCache();
      return response;
    },
    method,
  );
}

// Navigations the precache did not answer: the app shell for client-rendered routes; otherwise the
// network (the server's own 404), and the precached 404 page when offline.
registerRoute(
  new NavigationRoute(async ({ request, url }) => {
    if (APP_SHELL.test(url.pathname)) {
      const shell = await matchPrecache('/app-shell.html');
      if (shell) return shell;
    }
    try {
      return await fetch(request);
    } catch {
      const page = await matchPrecache('/404.html');
      return page ? new Response(page.body, { status: 404, headers: page.headers }) : Response.error();
    }
  }),
);

/** Marks an answer served from the cache, so the admin can say "Offline — showing data from <time>". */
const markCached: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(CACHED_AT_HEADER, cachedResponse.headers.get('date') ?? new Date().toUTCString());
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

// The admin's reads (its data and who is signed in, never a CSV export), kept per device so the admin opens
// offline, and never past the session that fetched them (lib/admin-read-cache.ts). Expiration comes first:
// an entry too old is gone before it could be marked and shown.
const adminReads = new NetworkFirst({
  cacheName: ADMIN_API_CACHE,
  networkTimeoutSeconds: 8,
  plugins: [new ExpirationPlugin({ maxAgeSeconds: ADMIN_CACHE_MAX_AGE_SECONDS, maxEntries: 200 }), adminSessionGuard, markCached],
});
const isAdminReadHere = (url: URL) => isAdminRead(url, self.location.origin);

const publicPricing = new StaleWhileRevalidate({ cacheName: PUBLIC_API_CACHE });
const isPublicPricing = (url: URL) => url.origin === self.location.origin && url.pathname === '/api/pricing/products';

registerRoute(({ url, request }) => request.method === 'GET' && isAdminReadHere(url), adminReads);
registerRoute(({ url, request }) => request.method === 'GET' && isPublicPricing(url), publicPricing);

self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(replayOutbox());
});

type PageMessage = { type: 'SKIP_WAITING' } | { type: typeof CACHE_ANSWERS_MESSAGE; urls: string[] };

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Answers the page fetched before this worker controlled it (a first visit) never passed through here:
  // fetch the admin's and the public prices among them again, through their strategy, so they are there
  // when offline (a pricing page visited once shows its prices without the server).
  if (message?.type === CACHE_ANSWERS_MESSAGE) {
    const urls = message.urls.map((u) => new URL(u, self.location.origin));
    const kept = urls.flatMap((url) => {
      const strategy = isAdminReadHere(url) ? adminReads : isPublicPricing(url) ? publicPricing : null;
      return strategy ? [strategy.handle({ event, request: new Request(url, { credentials: 'same-origin' }) })] : [];
    });
    event.waitUntil(Promise.allSettled(kept));
  }
});

// Web Push (docs/admin.md, "Notifications"): the server sends one message per record a person wants to hear
// about; it always shows a notification (browsers require it of a push), tagged per record.
self.addEventListener('push', (event) => {
  let message: PushMessage | null = null;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(showRecordNotification(self.registration, message));
});

// A click focuses an open admin window and has it show the record (no reload: the page routes itself), or
// opens the app at the record's path.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification((event.notification.data as { url?: unknown } | null)?.url));
});

async function openFromNotification(url: unknown): Promise<void> {
  const path = safeAppPath(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const admin = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
  if (admin) {
    admin.postMessage({ type: OPEN_PATH_MESSAGE, path });
    await admin.focus();
    return;
  }
  await self.clients.openWindow(path);
}

// The push service replaced or expired this device's subscription: subscribe again with the same server key
// and tell the server (the session's cookie goes with the worker's request).
self.addEventListener('pushsubscriptionchange', (event) => {
  const e = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };
  e.waitUntil(resubscribePush(self.registration, e.oldSubscription ?? null, e.newSubscription ?? null));
});
