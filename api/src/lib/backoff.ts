// How long a queue waits before trying a failed job again: doubled per attempt from the first delay, never more
// than the cap, and never sooner than the other side asked (a Retry-After). The CRM sync and the mail queue both
// wait by this one rule.
export interface Backoff {
  /** The wait after the first failed attempt. */
  firstMs: number;
  /** The longest wait, however many attempts failed. */
  maxMs: number;
}

/** The wait after `attempt` failed attempts (1 for the first), at least `notBeforeMs`. */
export function retryDelayMs(attempt: number, backoff: Backoff, notBeforeMs = 0): number {
  const doubled = backoff.firstMs * 2 ** Math.max(0, attempt - 1);
  return Math.max(Math.min(backoff.maxMs, doubled), notBeforeMs);
}
