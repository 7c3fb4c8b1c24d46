// Registers the service worker (at idle, off the critical path). A new version never takes over by itself: it
// waits until the visitor presses reload, so waiting submissions and half-filled forms are not lost.
//
// The browser's own API, not workbox-window: all the page needs is "a new worker is waiting" and "let it take
// over", a few lines here, while the library cost every public page about 2 KB (Brotli) at load.
import { usePwaStore } from './pwa-store';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const sw = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await sw.register('/sw.js', { scope: '/' });
  } catch {
    // Registration refused (a private window, a blocked origin): the site simply works online only.
    return;
  }
  // A browser whose workers are blocked by policy may answer with no registration at all (Playwright's
  // `serviceWorkers: 'block'` does): the same, online only.
  if (!registration) return;
  const offer = (waiting: ServiceWorker) => {
    usePwaStore.setState({
      updateWaiting: true,
      applyUpdate: () => {
        sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        // sw.ts answers this message with skipWaiting().
        waiting.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  };
  // Only an update waits for consent: the first worker of a visit takes no page over (there is no controller).
  if (registration.waiting && sw.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && sw.controller) offer(installing);
    });
  });
}
