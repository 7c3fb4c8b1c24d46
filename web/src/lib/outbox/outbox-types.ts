export type OutboxKind = 'lead' | 'sample' | 'capture';

/**
 * waiting: will be sent by the next replay. failed: the server refused it (4xx); the visitor fixes and resends
 * it or discards it. auth: the server wants a signed-in user; it waits for one. Nothing expires.
 */
export type OutboxState = 'waiting' | 'failed' | 'auth';

export interface OutboxItem {
  /** The submission's Idempotency-Key: made when the person pressed submit, sent with every try. */
  id: string;
  kind: OutboxKind;
  url: string;
  body: Record<string, unknown>;
  /** Sent with the session cookie; a 401 then means "sign in again", not "refused". */
  authenticated: boolean;
  state: OutboxState;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  fieldErrors?: Record<string, string>;
}

export type SendOutcome =
  | { type: 'sent'; status: number; body: unknown }
  | { type: 'rejected'; status: number; message: string; fieldErrors?: Record<string, string> }
  | { type: 'auth'; status: number; message: string }
  | { type: 'retry'; status: number | null; message: string };

/** Messages between tabs and the service worker about the outbox. */
export type OutboxMessage =
  | { type: 'changed' }
  /** Deliveries, a batch at a time, with the server's answer to each. */
  | { type: 'sent'; items: { id: string; kind: OutboxKind; body?: unknown }[] };
