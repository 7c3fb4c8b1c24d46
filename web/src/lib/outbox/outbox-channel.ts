// Tells every open tab (and the service worker tells them too) that the outbox changed or an item was sent.
import type { OutboxMessage } from './outbox-types';

const CHANNEL = 'dm-outbox';
let channel: BroadcastChannel | undefined;

function getChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

const localListeners = new Set<(m: OutboxMessage) => void>();

/** BroadcastChannel does not echo to its sender, so this context's own listeners are called directly. */
export function announce(message: OutboxMessage): void {
  getChannel()?.postMessage(message);
  for (const listener of localListeners) listener(message);
}

export function listen(listener: (m: OutboxMessage) => void): () => void {
  const ch = getChannel();
  const onMessage = (e: MessageEvent<OutboxMessage>) => listener(e.data);
  ch?.addEventListener('message', onMessage);
  localListeners.add(listener);
  return () => {
    ch?.removeEventListener('message', onMessage);
    localListeners.delete(listener);
  };
}
