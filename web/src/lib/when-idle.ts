// Work a first paint does not need (the service worker, the offline outbox's runtime) waits until the page
// has loaded and the main thread is idle, so it never competes with painting and hydrating the page.
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') handle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 3000 });
    else handle = globalThis.setTimeout(() => !cancelled && task(), 200) as unknown as number;
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (handle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
    globalThis.clearTimeout(handle);
  };
}

/** Runs `task` once, on the visitor's first tap, key press or focus anywhere on the page. */
export function onFirstInteraction(task: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const once = () => {
    stop();
    task();
  };
  const stop = () => events.forEach((type) => window.removeEventListener(type, once, true));
  events.forEach((type) => window.addEventListener(type, once, { capture: true, passive: true }));
  return stop;
}
