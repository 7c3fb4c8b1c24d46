// The seam between services that store a change and everything that tells staff about it (the event stream,
// notifications, push). A service publishes after its transaction commits; listeners never run inside it.
// This process's bus: the stream module adds fan-out between processes on PostgreSQL.
import type { LiveEventDraft } from '@contract';

export type LiveListener = (event: LiveEventDraft) => void;

export interface LiveBus {
  /** Called by a service once the change is committed, in the process that stored it. */
  publish(event: LiveEventDraft): void;
  /** Every event published in this process; returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
}

export function createLiveBus(onListenerError: (err: unknown) => void = () => {}): LiveBus {
  const listeners = new Set<LiveListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        // One listener's failure (a push service down) must not keep the others, or the request, from going on.
        try {
          listener(event);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
