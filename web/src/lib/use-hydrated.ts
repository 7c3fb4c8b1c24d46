// False while React renders the prerendered HTML (at build time) and while it hydrates it in the browser;
// true right after, and from the start for anything rendered in the browser alone (a client-side
// navigation). What renders differently once the page's script runs uses this, so hydration still matches.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
