// Replays what waits, oldest first, under the outbox lock. Runs in pages (start, online, visible, timer)
// and in the service worker (Background Sync).
import { publish } from '../events';
import { getItem, listItems, putItem } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { applyOutcome } from './outbox-outcome';
import { ownerWaitMessage, sessionUserId, waitsForOwner } from './outbox-owner';
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

/** Another account's item: shown as waiting for its owner, never tried under this session. */
async function holdForOwner(item: OutboxItem): Promise<boolean> {
  const message = ownerWaitMessage(item.owner!);
  if (item.state === 'auth' && item.error?.message === message) return false;
  await putItem({ ...item, state: 'auth', error: { status: 401, message, fieldErrors: {} } });
  return true;
}

export interface ReplayOptions {
  /** Timer-driven replays respect each item's backoff; network-back and start replays try everything. */
  onlyDue?: boolean;
}

export async function replayOutbox(opts: ReplayOptions = {}): Promise<void> {
  await withOutboxLock(
    async () => {
      let changed = false;
      const all = await listItems();
      let due = all.filter((i) => i.state !== 'failed' && !(opts.onlyDue && i.nextAttemptAt > Date.now()));
      // Asked only when an item has an owner: visitors' forms never cost an extra request.
      const sessionUser = due.some((i) => i.owner) ? await sessionUserId() : undefined;
      const held = due.filter((i) => waitsForOwner(i, sessionUser));
      // Without an answer (offline) nothing is known about the session: leave those items as they are.
      if (sessionUser !== undefined) for (const item of held) changed = (await holdForOwner(item)) || changed;
      due = due.filter((i) => !held.includes(i));
      const waiting = new Set(all.map((i) => i.id));
      let offline = false;
      // Rounds: an item that follows another (a photo after its capture) goes in the round after its
      // predecessor was delivered, in the same replay.
      while (due.length && !offline) {
        const ready = due.filter((i) => !i.after || !waiting.has(i.after));
        if (!ready.length) break;
        due = due.filter((i) => !ready.includes(i));
        // A few at a time: hundreds queued at an event drain in seconds, and the server's idempotency keys
        // make the order of arrival irrelevant to correctness.
        for (let start = 0; start < ready.length; start += REPLAY_CONCURRENCY) {
          const batch = ready.slice(start, start + REPLAY_CONCURRENCY);
          const outcomes = await Promise.all(batch.map(replayOne));
          changed = true;
          const delivered = batch.flatMap(({ id, kind }, i) => {
            const outcome = outcomes[i];
            return outcome?.type === 'sent' ? [{ id, kind, body: outcome.body, queued: true }] : [];
          });
          for (const { id } of delivered) waiting.delete(id);
          if (delivered.length) publish({ type: 'delivered', items: delivered });
          if (outcomes.some((o) => o?.type === 'retry' && o.error.status === null)) {
            offline = true; // the rest would fail too
            break;
          }
        }
      }
      if (changed) publish({ type: 'outbox-changed' });
    },
    { ifAvailable: true },
  );
}
