// Starts the page's replay triggers (contract §7): page start, `online`, becoming visible, and a backoff
// timer while items wait. The service worker adds Background Sync where the browser has it.
import { notifySuccess } from '../../lib/toast';
import { emitLeadSubmitted } from '../../lib/lead-events';
import { listen } from '../../lib/outbox/outbox-channel';
import { isQuiet } from '../../lib/outbox/outbox-quiet';
import { replayOutbox } from '../../lib/outbox/outbox-replay';
import { useOutboxStore } from './outbox-store';
import type { OutboxKind } from '../../lib/outbox/outbox-types';

const SENT_TITLES: Record<OutboxKind, string> = {
  lead: 'Your saved request has been sent',
  sample: 'Your saved sample request has been sent',
  capture: 'Saved capture sent',
};

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const sentListeners = new Set<(kind: OutboxKind) => void>();

/** Lets a feature react when a queued item of its kind is delivered (e.g. refresh the admin's leads). */
export function onOutboxSent(listener: (kind: OutboxKind) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function startOutbox(): void {
  if (started || typeof window === 'undefined' || !('indexedDB' in window)) return;
  started = true;
  const store = useOutboxStore.getState();
  const replayAll = () => void replayOutbox().finally(() => void store.refresh());

  listen((message) => {
    if (message.type === 'sent') {
      const kinds = new Set(message.items.map((i) => i.kind));
      const loud = message.items.filter((i) => !isQuiet(i.kind));
      const [only] = loud;
      if (loud.length) {
        const title = loud.length === 1 && only ? SENT_TITLES[only.kind] : `${loud.length} saved submissions have been sent`;
        notifySuccess(title, loud.length === 1 ? 'It was saved on this device and has now been delivered.' : 'They were saved on this device and have now been delivered.');
      }
      if (kinds.has('lead')) emitLeadSubmitted(); // the admin's leads and stats refresh (spec §7)
      for (const kind of kinds) for (const listener of sentListeners) listener(kind);
    }
    void useOutboxStore.getState().refresh().then(scheduleTimer);
  });
  window.addEventListener('online', replayAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replayAll();
  });
  void store.refresh().then(() => {
    if (useOutboxStore.getState().items.length) replayAll();
    scheduleTimer();
  });
}

/** Wakes up when the earliest waiting item is due; a replay re-schedules through the 'changed' message. */
function scheduleTimer(): void {
  clearTimeout(timer);
  const due = useOutboxStore
    .getState()
    .items.filter((i) => i.state === 'waiting')
    .map((i) => i.nextAttemptAt);
  if (!due.length) return;
  const delay = Math.max(1_000, Math.min(...due) - Date.now());
  timer = setTimeout(() => void replayOutbox({ onlyDue: true }).finally(() => void useOutboxStore.getState().refresh().then(scheduleTimer)), delay);
}
