// The one state change after a try, shared by a form's first try and every replay: a 2xx removes the item,
// a refusal moves it to the failed list, a lost session waits for a sign-in, and anything that may succeed
// later stays with backoff. Nothing is ever dropped here.
import { deleteItem, putItem } from './outbox-db';
import type { OutboxItem, SendOutcome } from './outbox-types';

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

export function backoffDelay(attempts: number): number {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + Math.random() * 0.4));
}

/** The caller announces deliveries (a batch at a time). */
export async function applyOutcome(item: OutboxItem, outcome: SendOutcome): Promise<void> {
  const attempts = item.attempts + 1;
  switch (outcome.type) {
    case 'sent':
      await deleteItem(item.id);
      return;
    case 'rejected':
      await putItem({ ...item, state: 'failed', error: outcome.error, attempts });
      return;
    case 'auth':
      await putItem({ ...item, state: 'auth', error: outcome.error, attempts, nextAttemptAt: Date.now() + backoffDelay(attempts) });
      return;
    case 'retry':
      await putItem({ ...item, state: 'waiting', error: outcome.error, attempts, nextAttemptAt: Date.now() + backoffDelay(attempts) });
      return;
  }
}
