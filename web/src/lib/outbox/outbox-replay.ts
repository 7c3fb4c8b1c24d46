// Replays what waits, oldest first, under the outbox lock. Runs in pages (start, online, visible, timer)
// and in the service worker (Background Sync). 2xx removes an item; a refusal moves it to the failed list;
// anything that may succeed later stays, with backoff. Nothing is ever dropped here.
import { announce } from './outbox-channel';
import { deleteItem, getItem, listItems, putItem } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { sendItem } from './outbox-send';
import type { OutboxItem, SendOutcome } from './outbox-types';

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

export function backoffDelay(attempts: number): number {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + Math.random() * 0.4));
}

const REPLAY_CONCURRENCY = 4;

/** Re-reads the item inside the lock (another context may have delivered it a moment ago), then sends it. */
async function replayOne(listed: OutboxItem): Promise<SendOutcome | null> {
  const item = await getItem(listed.id);
  if (!item || item.state === 'failed') return null;
  const outcome = await sendItem(item);
  await applyOutcome(item, outcome);
  return outcome;
}

export interface ReplayOptions {
  /** Timer-driven replays respect each item's backoff; network-back and start replays try everything. */
  onlyDue?: boolean;
}

export async function replayOutbox(opts: ReplayOptions = {}): Promise<void> {
  await withOutboxLock(
    async () => {
      let changed = false;
      const due = (await listItems()).filter((i) => i.state !== 'failed' && !(opts.onlyDue && i.nextAttemptAt > Date.now()));
      // A few at a time: hundreds queued at an event drain in seconds, and the server's idempotency keys make
      // the order of arrival irrelevant to correctness.
      for (let start = 0; start < due.length; start += REPLAY_CONCURRENCY) {
        const batch = due.slice(start, start + REPLAY_CONCURRENCY);
        const outcomes = await Promise.all(batch.map(replayOne));
        changed = true;
        const sent = batch.flatMap(({ id, kind }, i) => {
          const outcome = outcomes[i];
          return outcome?.type === 'sent' ? [{ id, kind, body: outcome.body }] : [];
        });
        if (sent.length) announce({ type: 'sent', items: sent });
        if (outcomes.some((o) => o?.type === 'retry' && o.status === null)) break; // offline: the rest would fail too
      }
      if (changed) announce({ type: 'changed' });
    },
    { ifAvailable: true },
  );
}

export async function applyOutcome(item: OutboxItem, outcome: SendOutcome): Promise<void> {
  switch (outcome.type) {
    case 'sent':
      await deleteItem(item.id); // the caller announces deliveries, a batch at a time
      return;
    case 'rejected':
      await putItem({ ...item, state: 'failed', lastError: outcome.message, fieldErrors: outcome.fieldErrors, attempts: item.attempts + 1 });
      return;
    case 'auth':
      await putItem({ ...item, state: 'auth', lastError: outcome.message, attempts: item.attempts + 1 });
      return;
    case 'retry': {
      const attempts = item.attempts + 1;
      await putItem({ ...item, state: 'waiting', attempts, nextAttemptAt: Date.now() + backoffDelay(attempts), lastError: outcome.message });
      return;
    }
  }
}
