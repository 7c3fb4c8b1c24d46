// Which kinds of delivery the page should not toast about right now. A screen that shows every delivery
// itself (the event capture list marks each capture sent) turns the toast off while it is open: twenty
// toasts in a row would only hide the form. It lives here so any feature can ask without importing another.
import type { OutboxKind } from './outbox-types';

const quietKinds = new Set<OutboxKind>();

/** Turns the "sent" toast off for a kind; returns the undo. */
export function quietSentToasts(kind: OutboxKind): () => void {
  quietKinds.add(kind);
  return () => quietKinds.delete(kind);
}

export function isQuiet(kind: OutboxKind): boolean {
  return quietKinds.has(kind);
}
