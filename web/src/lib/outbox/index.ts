// The outbox's front door: submissions saved on the device first and delivered exactly once, by the page or
// the service worker. Consumers import from here only; the files beside it are its inside.
export { submitThroughOutbox, queueThroughOutbox, resendItem, discardItem } from './outbox';
export { replayOutbox } from './outbox-replay';
export { getItem as getOutboxItem, listItems as listOutboxItems } from './outbox-db';
export type { OutboxItem, OutboxKind } from './outbox-types';
export { ownerWaitMessage } from './outbox-owner';
