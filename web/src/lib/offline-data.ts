// Whether the admin is looking at data the service worker answered from its cache: the worker marks such
// answers with a header, the API client reports every answer here, and the admin layout says
// "Offline — showing data from <time>" while it is so. Write buttons read the same store to explain
// why they are paused instead of failing.
import { create } from 'zustand';
import { ADMIN_API_CACHE, CACHE_ANSWERS_MESSAGE, CACHED_AT_HEADER } from './cache-names';

interface OfflineDataState {
  /** When the cached answer was first served by our server; null while answers are live. */
  cachedAt: string | null;
  online: boolean;
}

export const useOfflineDataStore = create<OfflineDataState>(() => ({
  cachedAt: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

export function noteResponse(response: Response): void {
  const cachedAt = response.headers.get(CACHED_AT_HEADER);
  if (cachedAt !== useOfflineDataStore.getState().cachedAt) useOfflineDataStore.setState({ cachedAt });
}

// Reads made before a service worker controlled this page went straight to the network, so the worker
// never kept them: on a first visit the admin would then have nothing to show offline. They are handed to
// the worker once it takes control; it fetches again those it keeps. A few dozen at most are remembered.
const HANDOVER_LIMIT = 50;
const readsBeforeControl = new Set<string>();
let handoverStarted = false;

function workerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/** Called for every request the API client makes. */
export function noteRequest(request: Request): void {
  const container = workerContainer();
  if (!container || container.controller || request.method !== 'GET') return;
  if (readsBeforeControl.size < HANDOVER_LIMIT) readsBeforeControl.add(request.url);
  if (handoverStarted) return;
  handoverStarted = true;
  container.addEventListener('controllerchange', () => {
    const urls = [...readsBeforeControl];
    readsBeforeControl.clear();
    if (urls.length) container.controller?.postMessage({ type: CACHE_ANSWERS_MESSAGE, urls });
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useOfflineDataStore.setState({ online: true }));
  window.addEventListener('offline', () => useOfflineDataStore.setState({ online: false }));
}

export const OFFLINE_WRITE_REASON = "You're offline: changes can't be saved until the connection is back.";

/** Writes are paused while the browser is offline or the data shown came from the cache. */
export function useWritesPaused(): boolean {
  return useOfflineDataStore((s) => !s.online || s.cachedAt !== null);
}

/** Sign-out on this device: the admin's cached answers go with the session. The outbox stays. */
export async function clearCachedAdminData(): Promise<void> {
  useOfflineDataStore.setState({ cachedAt: null });
  if (typeof caches !== 'undefined') await caches.delete(ADMIN_API_CACHE);
}
