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

// One call at a time, in the order asked. Run side by side, a count asked just after a mark could be read
// before the server stored the mark, and its stale answer (the lead just seen, still unseen) would stay on
// the badge. In order, every answer is at least as new as the one before it.
let queue: Promise<void> = Promise.resolve();
let refreshWaiting = false;
// Bumped on sign-out: an answer for the previous person is not shown.
let generation = 0;

function enqueue(call: () => Promise<void>): Promise<void> {
  queue = queue.then(call, call);
  return queue;
}

export const useUnseenLeadsStore = create<UnseenState>()((set, get) => {
  const apply = (asked: number, answer: { count: number; seenThrough: number }) => {
    if (asked !== generation) return;
    set(answer);
    show(answer.count);
  };
  return {
    count: 0,
    seenThrough: 0,
    refresh: () => {
      // A burst of new leads asks once: a refresh still waiting its turn will read them all.
      if (refreshWaiting) return queue;
      refreshWaiting = true;
      const asked = generation;
      return enqueue(async () => {
        refreshWaiting = false;
        try {
          apply(asked, await fetchUnseenLeads());
        } catch {
          // Offline or signed out: the count stays as it was; the next event or visit asks again.
        }
      });
    },
    markSeen: (through) => {
      const asked = generation;
      return enqueue(async () => {
        if (asked !== generation || through <= get().seenThrough) return;
        try {
          apply(asked, await postLeadsSeen(through));
        } catch {
          // Not recorded: the lead stays unseen until the dashboard is seen again.
        }
      });
    },
    reset: () => {
      generation++;
      set({ count: 0, seenThrough: 0 });
      show(0);
    },
  };
});
