// Replays what waits, oldest first, under the outbox lock. Runs in pages (start, online, visible, timer)
// and in the service worker (Background Sync).
import { publish } from '../events';
import { getItem, listItems } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { applyOutcome } from './outbox-outcome';
import { sendItem } from './outbox-send';
import type { OutboxItem, SendOutcome } from './outbox-types';

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
        const delivered = batch.flatMap(({ id, kind }, i) => {
          const outcome = outcomes[i];
          return outcome?.type === 'sent' ? [{ id, kind, body: outcome.body, queued: true }] : [];
        });
        if (delivered.length) publish({ type: 'delivered', items: delivered });
        if (outcomes.some((o) => o?.type === 'retry' && o.error.status === null)) break; // offline: the rest would fail too
      }
      if (changed) publish({ type: 'outbox-changed' });
    },
    { ifAvailable: true },
  );
}
