// Starts the page's replay triggers: page start, `online`, becoming visible, and a backoff timer while items
// wait. The service worker adds Background Sync where the browser has it. Deliveries that had waited on the
// device get a toast, unless the screen on show lists them itself.
import { ask, subscribe, type Delivery } from '../../lib/events';
import { replayOutbox, type OutboxKind } from '../../lib/outbox';
import { notifySuccess } from '../../lib/toast';
import { useOutboxStore } from './outbox-store';

const SENT_TITLES: Record<OutboxKind, string> = {
  lead: 'Your saved request has been sent',
  sample: 'Your saved sample request has been sent',
  capture: 'Saved capture sent',
  'capture-photo': 'Saved card photo sent',
  'lead-note': 'Saved note sent',
  'lead-take': 'Saved take sent',
  'lead-stage': 'Saved stage sent',
};

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function toastDeliveries(items: Delivery[]): void {
  const loud = items.filter((i) => i.queued && !ask({ type: 'announce-delivery', kind: i.kind }));
  const [only] = loud;
  if (!loud.length) return;
  const title = loud.length === 1 && only ? SENT_TITLES[only.kind] : `${loud.length} saved submissions have been sent`;
  notifySuccess(title, loud.length === 1 ? 'It was saved on this device and has now been delivered.' : 'They were saved on this device and have now been delivered.');
}

export function startOutbox(): void {
  if (started || typeof window === 'undefined' || !('indexedDB' in window)) return;
  started = true;
  const store = useOutboxStore.getState();
  const replayAll = () => void replayOutbox().finally(() => void store.refresh());

  subscribe(['outbox-changed', 'delivered'], (event) => {
    if (event.type === 'delivered') toastDeliveries(event.items);
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

/** Wakes up when the earliest waiting item is due; a replay re-schedules through the 'outbox-changed' event. */
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
