// The app's shared notices (the admin's offline banner, the floating "waiting to send" indicator) speak for
// screens that have nothing better to say. A screen that says the same itself, in its own words and place,
// owns the notice while it is mounted and the shared one stands down: two messages about one thing, or a
// pill floating over a form's fields, only confuse.
import { useEffect } from 'react';
import { create } from 'zustand';

export type SharedNotice = 'offline-banner' | 'outbox-indicator';

const useOwners = create<Record<SharedNotice, number>>(() => ({ 'offline-banner': 0, 'outbox-indicator': 0 }));

/** While the calling screen is mounted, the given shared notices are not shown. */
export function useOwnNotices(...notices: SharedNotice[]): void {
  const key = notices.join(' ');
  useEffect(() => {
    const list = key.split(' ') as SharedNotice[];
    useOwners.setState((s) => Object.fromEntries(list.map((n) => [n, s[n] + 1])));
    return () => useOwners.setState((s) => Object.fromEntries(list.map((n) => [n, s[n] - 1])));
  }, [key]);
}

/** True while a mounted screen says this notice's message itself. */
export function useNoticeOwned(notice: SharedNotice): boolean {
  return useOwners((s) => s[notice] > 0);
}
