// "New until seen": a row that arrived live counts as seen once it has been on screen, mostly in view, for a
// few seconds while the page itself is visible (not a background tab, not a minimized window).
import { useEffect, type RefObject } from 'react';

const SEEN_AFTER_MS = 4000;

export function useSeen(ref: RefObject<Element | null>, active: boolean, onSeen: () => void): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      if (inView && document.visibilityState === 'visible') timer = setTimeout(onSeen, SEEN_AFTER_MS);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView = Boolean(entry?.isIntersecting);
        update();
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    document.addEventListener('visibilitychange', update);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, [ref, active, onSeen]);
}
