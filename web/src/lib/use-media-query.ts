// Whether a CSS media query matches now, re-rendering when that changes (a window resized, a phone turned).
// For layouts that differ in structure, not only in style: a table on wide screens, cards on phones.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  // The server renders no admin screen; a prerender would take the wide layout.
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => true);
}

/** Tailwind's `sm` breakpoint: at and above it the admin's lists are tables, below it cards. */
export const WIDE_SCREEN = '(min-width: 640px)';
