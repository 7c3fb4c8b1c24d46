// The leads this person has not seen yet, counted by the server from their seen mark (so two devices agree):
// shown on the installed app's icon (the App Badging API) and in the window title. The dashboard, seen while
// visible, moves the mark; a new lead on the live stream, or coming back to the app, asks the server again.
import { create } from 'zustand';
import { setTitleCount } from '../../lib/title-count';
import { fetchUnseenLeads, postLeadsSeen } from './notifications-api';

interface UnseenState {
  count: number;
  seenThrough: number;
  refresh: () => Promise<void>;
  markSeen: (through: number) => Promise<void>;
  reset: () => void;
}

/** The count on the app's icon and in the title; 0 clears both. */
function show(count: number): void {
  setTitleCount(count);
  const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  // Only an installed app shows a badge; elsewhere the call is refused or missing, which is fine.
  if (count > 0) void nav.setAppBadge?.(count).catch(() => undefined);
  else void nav.clearAppBadge?.().catch(() => undefined);
}

// Answers can cross (a refresh started before a mark was posted): the latest request's answer wins.
let request = 0;
let refreshing = false;
let again = false;

export const useUnseenLeadsStore = create<UnseenState>()((set, get) => {
  const apply = (id: number, answer: { count: number; seenThrough: number }) => {
    if (id !== request) return;
    set(answer);
    show(answer.count);
  };
  return {
    count: 0,
    seenThrough: 0,
    refresh: async () => {
      // A burst of new leads asks once, plus once more after the answer for those that came meanwhile.
      if (refreshing) {
        again = true;
        return;
      }
      refreshing = true;
      try {
        do {
          again = false;
          const id = ++request;
          apply(id, await fetchUnseenLeads());
        } while (again);
      } catch {
        // Offline or signed out: the count stays as it was; the next event or visit asks again.
      } finally {
        refreshing = false;
      }
    },
    markSeen: async (through) => {
      if (through <= get().seenThrough) return;
      const id = ++request;
      try {
        apply(id, await postLeadsSeen(through));
      } catch {
        // Not recorded: the lead stays unseen until the dashboard is seen again.
      }
    },
    reset: () => {
      request++;
      set({ count: 0, seenThrough: 0 });
      show(0);
    },
  };
});
