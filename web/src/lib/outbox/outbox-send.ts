// One try at delivering an item, classified. The Idempotency-Key travels with every try, so a try whose
// answer was lost is answered by the server's stored reply instead of storing the submission twice.
import type { OutboxItem, SendOutcome } from './outbox-types';

const TIMEOUT_MS = 15_000;

export async function sendItem(item: OutboxItem): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch(item.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': item.id },
      body: JSON.stringify(item.body),
      credentials: 'include',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { type: 'retry', status: null, message: err instanceof Error ? err.message : 'Network error' };
  }
  const text = await res.text().catch(() => '');
  const json = parseJson(text);
  const message = `${res.status}: ${text || res.statusText}`;
  if (res.ok) return { type: 'sent', status: res.status, body: json };
  if (res.status === 401 && item.authenticated) return { type: 'auth', status: 401, message };
  if (res.status === 408 || res.status === 429 || res.status >= 500) return { type: 'retry', status: res.status, message };
  const errors = json && typeof json === 'object' && 'errors' in json ? (json as { errors?: Record<string, string> }).errors : undefined;
  return { type: 'rejected', status: res.status, message, fieldErrors: errors };
}

/** Contract §7: only a failure for want of network is kept for later; any other answer is the caller's to show. */
export function isNetworkFailure(outcome: SendOutcome): boolean {
  return outcome.type === 'retry' && (outcome.status === null || [502, 503, 504].includes(outcome.status));
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
