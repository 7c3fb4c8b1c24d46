// Replays what waits, oldest first, under the outbox lock. Runs in pages (start, online, visible, timer)
// and in the service worker (Background Sync).
import { publish, type Delivery } from '../events';
import { getItem, listItems, putItem } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { applyOutcome } from './outbox-outcome';
import { ownerWaitMessage, sessionUserId, waitsForOwner } from './outbox-owner';
import { sendItem } from './outbox-send';
import type { OutboxItem, SendOutcome } from './outbox-types';

/**
 * Requests in flight during a replay, each worker taking the next item as soon as its own answer is in (four
 * sent in lockstep waited for the slowest of each four). Chromium opens at most six HTTP/1.1 connections to
 * one origin: four leave two for the page itself, and six measured no faster (the server's group commit
 * already stores whatever arrives together).
 */
const REPLAY_CONCURRENCY = 4;
/**
 * Deliveries are announced together, at most this often: every 'delivered' message makes the page re-read
 * the whole outbox (its count, the toast): with hundreds queued, one message per four items meant a re-read
 * of hundreds of items for every four sent.
 */
const ANNOUNCE_EVERY_MS = 250;

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

/**
 * Sends the round's items with REPLAY_CONCURRENCY requests in flight: each worker takes the next item as soon
 * as its own answer is in. Every item carries its own Idempotency-Key and gets its own outcome, so the order
 * of arrival does not matter to correctness. A network failure stops the round (the rest would fail too);
 * items already in flight finish. Answers true when the network is gone.
 */
async function replayRound(ready: OutboxItem[], waiting: Set<string>): Promise<boolean> {
  let next = 0;
  let offline = false;
  let pending: Delivery[] = [];
  let lastAnnounced = 0;
  const announce = (force: boolean) => {
    if (!pending.length || (!force && Date.now() - lastAnnounced < ANNOUNCE_EVERY_MS)) return;
    publish({ type: 'delivered', items: pending });
    pending = [];
    lastAnnounced = Date.now();
  };
  const worker = async () => {
    while (!offline && next < ready.length) {
      const item = ready[next++]!;
      const { id, kind } = item;
      const outcome = await replayOne(item);
      if (outcome?.type === 'sent') {
        waiting.delete(id);
        pending.push({ id, kind, body: outcome.body, queued: true });
        announce(false);
      }
      if (outcome?.type === 'retry' && outcome.error.status === null) offline = true;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(REPLAY_CONCURRENCY, ready.length) }, worker));
  } finally {
    announce(true);
  }
  return offline;
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
        changed = true;
        offline = await replayRound(ready, waiting);
      }
      if (changed) publish({ type: 'outbox-changed' });
    },
    { ifAvailable: true },
  );
}
