// The one way a form submits (leads, sample requests, event captures). The submission is written to
// IndexedDB before the first try, so a tab closed mid-request loses nothing; a try that fails for want of
// network leaves it queued (contract §7); any other answer is the form's to show, as the spec says.
import { announce } from './outbox-channel';
import { deleteItem, getItem, listItems, putItem } from './outbox-db';
import { withOutboxLock } from './outbox-lock';
import { backoffDelay } from './outbox-replay';
import { isNetworkFailure, sendItem } from './outbox-send';
import type { OutboxItem, OutboxKind } from './outbox-types';

export type SubmitResult = { status: 'sent'; body: unknown } | { status: 'queued' };

/** An answer that is not queued: the form shows its error. `message` is `STATUS: body text` (spec §8). */
export class SubmitError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

interface SubmitInput {
  kind: OutboxKind;
  url: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  authenticated?: boolean;
}

function newItem(input: SubmitInput): OutboxItem {
  const now = Date.now();
  return {
    id: input.idempotencyKey,
    kind: input.kind,
    url: input.url,
    body: input.body,
    authenticated: input.authenticated ?? false,
    state: 'waiting',
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
}

/**
 * Stores a submission for the replays to deliver, without trying it here: for screens that must never wait
 * on the network (event capture saves, clears and is ready for the next person at once). The 'changed'
 * message wakes the page's replay timer; the caller may also start a replay itself.
 */
export async function queueThroughOutbox(input: SubmitInput): Promise<void> {
  await putItem(newItem(input));
  announce({ type: 'changed' });
  void afterFirstQueued();
}

export async function submitThroughOutbox(input: SubmitInput): Promise<SubmitResult> {
  const item = newItem(input);
  await putItem(item);
  const result = await withOutboxLock(async (): Promise<SubmitResult> => {
    const current = await getItem(item.id);
    if (!current) return { status: 'sent', body: undefined }; // another tab's replay delivered it
    if (current.state === 'failed') throw new SubmitError(current.lastError ?? 'Failed', null, current.fieldErrors);
    const outcome = await sendItem(current);
    if (outcome.type === 'sent') {
      await deleteItem(item.id);
      return { status: 'sent', body: outcome.body };
    }
    if (isNetworkFailure(outcome) || (input.authenticated && outcome.type === 'auth')) {
      await putItem({
        ...current,
        state: outcome.type === 'auth' ? 'auth' : 'waiting',
        attempts: 1,
        nextAttemptAt: Date.now() + backoffDelay(1),
        lastError: outcome.message,
      });
      return { status: 'queued' };
    }
    await deleteItem(item.id);
    const fieldErrors = outcome.type === 'rejected' ? outcome.fieldErrors : undefined;
    throw new SubmitError(outcome.message, outcome.status, fieldErrors);
  });
  if (result?.status === 'queued') {
    announce({ type: 'changed' });
    void afterFirstQueued();
  }
  return result ?? { status: 'queued' };
}

/** Edited and sent again: a new key, since the body changed (the old key would answer 422). */
export async function resendItem(id: string, body: Record<string, unknown>): Promise<void> {
  const item = await getItem(id);
  if (!item) return;
  const now = Date.now();
  await withOutboxLock(async () => {
    await deleteItem(id);
    await putItem({ ...item, id: crypto.randomUUID(), body, state: 'waiting', attempts: 0, nextAttemptAt: now, createdAt: now, lastError: undefined, fieldErrors: undefined });
  });
  announce({ type: 'changed' });
}

export async function discardItem(id: string): Promise<void> {
  await deleteItem(id);
  announce({ type: 'changed' });
}

export { listItems };

/** Ask the browser to keep our storage (contract §7) and to wake the service worker when back online. */
async function afterFirstQueued(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    /* not granted: the outbox still works, the browser may just evict it under pressure */
  }
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined)?.sync;
    await sync?.register('dm-outbox');
  } catch {
    /* no Background Sync (Safari, Firefox): the page's own triggers replay instead */
  }
}
