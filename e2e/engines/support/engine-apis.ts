// The browser APIs the product relies on, detected in the page the way the product detects them, and what
// each engine of this suite has. The scenarios check the engine really is so (a fallback test in an engine
// that had the API after all would prove nothing), and docs/offline.md's table says what the product does
// where one is missing.

export const API_NAMES = ['BarcodeDetector', 'Background Sync', 'requestIdleCallback', 'paint timing', 'Web Locks', 'storage.persist', 'service worker', 'IndexedDB'] as const;
export type ApiName = (typeof API_NAMES)[number];

export const ENGINE_APIS: Record<string, Record<ApiName, boolean>> = {
  firefox: {
    BarcodeDetector: false,
    'Background Sync': false,
    requestIdleCallback: true,
    'paint timing': true,
    'Web Locks': true,
    'storage.persist': true,
    'service worker': true,
    IndexedDB: true,
  },
  webkit: {
    BarcodeDetector: false,
    'Background Sync': false,
    requestIdleCallback: false,
    'paint timing': true,
    'Web Locks': true,
    'storage.persist': false,
    'service worker': true,
    IndexedDB: true,
  },
};

/** Runs in the page: which of the APIs it has (keys as in API_NAMES). */
export function detectApis(): Record<string, boolean> {
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  return {
    BarcodeDetector: 'BarcodeDetector' in window,
    'Background Sync': 'SyncManager' in window,
    requestIdleCallback: typeof window.requestIdleCallback === 'function',
    'paint timing': types.includes('paint'),
    'Web Locks': !!navigator.locks,
    'storage.persist': typeof navigator.storage?.persist === 'function',
    'service worker': 'serviceWorker' in navigator,
    IndexedDB: 'indexedDB' in window,
  };
}
