// The seam between services that store a change and everything that tells staff about it (the event stream,
// notifications, push). Nothing a listener does runs on the path of the request that made the change: the
// events published while a request is being answered are handed to the listeners together, after it (one
// setImmediate), so a burst of leads costs each listener one call per batch, not one per lead.
//
// Two ways in. `record` is for a change stored with a submission's group commit: its events were written to the
// replay window in the records' own transaction and announced when it committed (modules/live/live-follower.ts),
// so the listeners only hear of them. `publish` is for any other change, committed on its own: the journal (the
// live stream's hub) writes it to the replay window and announces it, then the listeners hear of it too.
// This process's bus: the stream module adds fan-out between processes on PostgreSQL.
import type { LiveEventDraft } from '@contract';

/** Hears every event of this process, a batch at a time (oldest first). */
export type LiveListener = (events: readonly LiveEventDraft[]) => void;

export interface LiveBus {
  /** Called by a service once its change is committed: the event is stored in the replay window, and told. */
  publish(event: LiveEventDraft): void;
  /** Events already stored in the replay window in their records' transaction, now committed: told only. */
  record(events: readonly LiveEventDraft[]): void;
  /** Every event published or recorded in this process; returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void;
  /** The one keeper of the replay window for published events (the live hub); returns the unsubscribe. */
  journal(keeper: LiveListener): () => void;
}

export function createLiveBus(onListenerError: (err: unknown) => void = () => {}): LiveBus {
  const listeners = new Set<LiveListener>();
  let keeper: LiveListener | null = null;
  let toKeep: LiveEventDraft[] = [];
  let toTell: LiveEventDraft[] = [];
  let scheduled = false;

  const call = (listener: LiveListener, events: readonly LiveEventDraft[]) => {
    // One listener's failure (a push service down) must not keep the others from going on.
    try {
      listener(events);
    } catch (err) {
      onListenerError(err);
    }
  };
  const dispatch = () => {
    scheduled = false;
    const kept = toKeep;
    const told = toTell;
    toKeep = [];
    toTell = [];
    if (kept.length && keeper) call(keeper, kept);
    if (told.length) for (const listener of listeners) call(listener, told);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dispatch);
  };

  return {
    publish(event) {
      toKeep.push(event);
      toTell.push(event);
      schedule();
    },
    record(events) {
      if (!events.length) return;
      toTell.push(...events);
      schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    journal(next) {
      keeper = next;
      return () => {
        if (keeper === next) keeper = null;
      };
    },
  };
}
