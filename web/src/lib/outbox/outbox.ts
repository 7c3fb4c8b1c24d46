// The one way a form submits (leads, sample requests, event captures). The submission is written to
// IndexedDB before the first try, so a tab closed mid-request loses nothing; a try that fails for want of
// network leaves it queued; a try the server failed (5xx, 408, 429) leaves it queued and is also the form's to
// show; a refusal (other 4xx) is the form's alone. A corrected submission replaces the version still waiting.
import { publish } from '../events';
import { ServerError, type ServerErrorData } from '../server-error';
import { OUTBOX_SYNC_TAG } from '../cache-names';
import { deleteItem, getItem, putItem } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { applyOutcome } from './outbox-outcome';
import { isKeptForLater, sendItem } from './outbox-send';
import type { OutboxItem, OutboxKind, OutboxOwner, OutboxUpload } from './outbox-types';

export type SubmitResult = { status: 'sent'; body: unknown } | { status: 'queued' };

export interface SubmitInput {
  kind: OutboxKind;
  url: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  authenticated?: boolean;
  method?: 'POST' | 'PUT';
  /** A raw body (an image) instead of JSON; `body` is then only for display. */
  upload?: OutboxUpload;
  /** The signed-in account making it: only that account's session will send it. */
  owner?: OutboxOwner;
  /** An item that must be delivered before this one is tried. */
  after?: string;
  keyless?: true;
  about?: string;
  /**
   * The key of the same form's earlier submission that the server failed and that still waits here: the same
   * person (the form decides who that is) changed it and sent it again, so this one takes its place (unless a replay delivered it meanwhile), and the
   * server never gets both versions.
   */
  replaces?: string;
}

function newItem(input: SubmitInput): OutboxItem {
  const now = Date.now();
  return {
    id: input.idempotencyKey,
    kind: input.kind,
    url: input.url,
    body: input.body,
    authenticated: input.authenticated ?? false,
    ...(input.method ? { method: input.method } : {}),
    ...(input.upload ? { upload: input.upload } : {}),
    ...(input.owner ? { owner: input.owner } : {}),
    ...(input.after ? { after: input.after } : {}),
    keyless: input.keyless,
    about: input.about,
    state: 'waiting',
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
}

/**
 * Stores a submission for the replays to deliver, without trying it here: for screens that must never wait
 * on the network (event capture saves, clears and is ready for the next person at once). The change wakes
 * the page's replay timer; the caller may also start a replay itself.
 */
export async function queueThroughOutbox(input: SubmitInput): Promise<void> {
  await putItem(newItem(input));
  publish({ type: 'outbox-changed' });
  void afterFirstQueued();
}

/**
 * 'sent' once the server stored it, 'queued' when it waits on this device for want of network; throws a
 * ServerError otherwise. A server error, a timeout or too many requests (500, 408, 429) throws too, so the form
 * shows its failure, but the item stays queued under its key and is replayed like an offline one: the person
 * may walk away and the lead still arrives, and pressing Submit again with the same content retries this item.
 */
export async function submitThroughOutbox(input: SubmitInput): Promise<SubmitResult> {
  const item = newItem(input);
  const replaced = input.replaces;
  // Under the lock, so no replay is sending the earlier version in the meantime; until the lock is ours, the
  // earlier version stays stored, so a tab closed while waiting still leaves one of them on the device.
  if (replaced && replaced !== item.id) {
    await withOutboxLock(async () => {
      await deleteItem(replaced);
      await putItem(item);
    });
  } else {
    await putItem(item);
  }
  const result = await withOutboxLock(async (): Promise<SubmitResult | { status: 'kept'; error: ServerErrorData }> => {
    const current = await getItem(item.id);
    if (!current) return { status: 'sent', body: undefined }; // another tab's replay delivered (and announced) it
    if (current.state === 'failed') throw new ServerError(current.error ?? { status: null, message: 'Failed', fieldErrors: {} });
    const outcome = await sendItem(current);
    if (outcome.type === 'rejected') {
      // Refused on the first try: the form shows why, and the person is still there to fix it.
      await deleteItem(item.id);
      throw new ServerError(outcome.error);
    }
    await applyOutcome(current, outcome);
    if (outcome.type === 'sent') {
      publish({ type: 'delivered', items: [{ id: item.id, kind: item.kind, body: outcome.body, queued: false }] });
      return { status: 'sent', body: outcome.body };
    }
    if (outcome.type === 'retry' && !isKeptForLater(outcome)) return { status: 'kept', error: outcome.error };
    return { status: 'queued' };
  });
  if (result?.status === 'sent') return result;
  publish({ type: 'outbox-changed' });
  void afterFirstQueued();
  if (result?.status === 'kept') throw new ServerError(result.error);
  return { status: 'queued' };
}

/** Edited and sent again: a new key, since the body changed (the old key would answer 422). */
export async function resendItem(id: string, body: Record<string, unknown>): Promise<void> {
  const item = await getItem(id);
  if (!item) return;
  const now = Date.now();
  await withOutboxLock(async () => {
    await deleteItem(id);
    await putItem({ ...item, id: crypto.randomUUID(), body, state: 'waiting', attempts: 0, nextAttemptAt: now, createdAt: now, error: undefined });
  });
  publish({ type: 'outbox-changed' });
}

export async function discardItem(id: string): Promise<void> {
  await deleteItem(id);
  publish({ type: 'outbox-changed' });
}

/** Ask the browser to keep our storage and to wake the service worker when back online. */
async function afterFirstQueued(): Promise<void> {
  try {
    // A page's StorageManager can ask to persist; a worker's cannot (this runs in pages only).
    const storage = navigator.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
    if (storage?.persist && !(await storage.persisted())) await storage.persist();
  } catch {
    /* not granted: the outbox still works, the browser may just evict it under pressure */
  }
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    /* no Background Sync (Safari, Firefox): the page's own triggers replay instead */
  }
}
