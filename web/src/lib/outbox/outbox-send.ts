// One try at delivering an item, classified. The Idempotency-Key travels with every try, so a try whose
// answer was lost is answered by the server's stored reply instead of storing the submission twice.
import { networkErrorData, serverErrorData } from '../server-error';
import type { OutboxItem, SendOutcome } from './outbox-types';

const TIMEOUT_MS = 15_000;

/**
 * Answers that say "not now" rather than "no": a timeout, too many requests, 409 (another request with the
 * same Idempotency-Key is still being processed), and server errors. They are tried again with backoff.
 */
function isTransient(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export async function sendItem(item: OutboxItem): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch(item.url, {
      method: item.method ?? 'POST',
      headers: { 'Content-Type': item.upload?.contentType ?? 'application/json', 'Idempotency-Key': item.id },
      body: item.upload?.blob ?? JSON.stringify(item.body),
      credentials: 'include',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { type: 'retry', error: networkErrorData(err) };
  }
  const text = await res.text().catch(() => '');
  if (res.ok) return { type: 'sent', status: res.status, body: parseJson(text) };
  const error = serverErrorData(res.status, res.statusText, text);
  if (res.status === 401 && item.authenticated) return { type: 'auth', error };
  if (isTransient(res.status) && !(res.status === 409 && item.keyless)) return { type: 'retry', error };
  return { type: 'rejected', error };
}

/**
 * A first try that failed for want of network (no answer, a gateway's 502/503/504, or 409 while the same
 * submission is still being processed) is simply kept for later: the form shows it as saved on the device.
 * Other "not now" answers (500, 408, 429) are kept too, but the form also shows its failure.
 */
export function isKeptForLater(outcome: SendOutcome): boolean {
  if (outcome.type !== 'retry') return false;
  const { status } = outcome.error;
  return status === null || [409, 502, 503, 504].includes(status);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
