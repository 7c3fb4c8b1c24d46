import type { ServerErrorData } from '../server-error';
import type { OutboxKind } from '../outbox-kind';

export type { OutboxKind };

/**
 * waiting: will be sent by the next replay. failed: the server refused it (4xx); the visitor fixes and resends
 * it or discards it. auth: the server wants a signed-in user; it waits for one. Nothing expires.
 */
export type OutboxState = 'waiting' | 'failed' | 'auth';

/** The signed-in account an item was made under: it is sent only while that account is signed in here. */
export interface OutboxOwner {
  id: number;
  name: string;
}

/** A raw body (an image) sent as-is with its own type, instead of JSON. */
export interface OutboxUpload {
  blob: Blob;
  contentType: string;
}

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
  /** POST unless it says PUT (an upload names its own resource). */
  method?: 'POST' | 'PUT';
  /** Sent instead of `body` when present. */
  upload?: OutboxUpload;
  /** Who made it; absent for visitors' forms (and for items saved before owners existed). */
  owner?: OutboxOwner;
  /** The id of an item that must reach the server first (a photo follows its capture). */
  after?: string;
  /**
   * The route reads no Idempotency-Key because it is idempotent by nature (taking a lead one holds, setting the
   * stage it has): a 409 there is the server's no about the record (somebody else took the lead), a refusal,
   * never a key still being processed.
   */
  keyless?: true;
  /** What the item is about, for the outbox's list (a lead's name); never sent. */
  about?: string;
  /** Why the last try did not deliver it: the server's answer, or status null when none came. */
  error?: ServerErrorData;
}

/** What one try came to. `retry`: may succeed later, kept with backoff. `rejected`: refused, to fix. */
export type SendOutcome =
  | { type: 'sent'; status: number; body: unknown }
  | { type: 'rejected'; error: ServerErrorData }
  | { type: 'auth'; error: ServerErrorData }
  | { type: 'retry'; error: ServerErrorData };
