// Registers the service worker through workbox-window (loaded after the page, off the critical path). A new version
// never takes over by itself: it waits until the visitor presses reload, so waiting submissions and half-filled forms
// are not lost.
import { usePwaStore } from './pwa-store';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    usePwaStore.setState({
      updateWaiting: true,
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  try {
    await wb.register();
  } catch {
    // Registration refused (a private window, a blocked origin): the site simply works online only.
  }
}
