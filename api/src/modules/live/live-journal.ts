// Writing the replay window (live_events): each event numbered, announced to every process on the database
// (pipeline/live-channel.ts), and the window kept to WINDOW_MS. Given a submission's transaction (the live
// follower), the events are written and announced with its records: the announcement goes when it commits, and
// neither happens if it rolls back, so a lead costs its live event no second trip through the database's writer.
import crypto from 'node:crypto';
import type { LiveEvent, LiveEventDraft } from '../../contract';
import type { Db } from '../../db/knex';
import type { LiveBus } from '../../pipeline/live-bus';
import { announceEvents } from '../../pipeline/live-channel';
import { insertLiveEvents, pruneLiveEvents } from './live-queries';

/** How long events stay replayable: a screen away for longer reloads its data instead. */
export const WINDOW_MS = 60 * 60 * 1000;
/** Events written by this process between two prunes of the window. */
const PRUNE_EVERY = 100;
let sincePrune = 0;

/** How long an event this process wrote is held for its hub: its announcement comes back within milliseconds. */
const HOLD_MS = 10_000;

/**
 * The events this process wrote, held from their write until their announcement comes back to its own hub, which
 * then takes them from here instead of reading them back (a query per group commit while streams are open, which
 * cost intake most on PostgreSQL: docs/performance.md). Held only while the hub listens. An announcement
 * names its writer, so only this process's own are taken from here: a number another process announces (SQLite
 * may hand out again the number of a write that rolled back) is read from the database. One rolled back is never
 * announced, and goes after HOLD_MS.
 */
export class OwnEvents {
  private held = new Map<number, { event: LiveEvent; at: number }>();
  private listening = false;

  /** `writer` names this process's announcements (one per app, so two apps of one test process never mix theirs). */
  constructor(readonly writer: string = crypto.randomUUID().slice(0, 8)) {}

  /** The hub listens (held from now on) or stops (nothing held, and nothing kept). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.held.clear();
  }

  get isListening(): boolean {
    return this.listening;
  }

  hold(events: readonly LiveEvent[]): void {
    if (!this.listening) return;
    const now = performance.now();
    for (const [id, { at }] of this.held) {
      if (now - at < HOLD_MS) break;
      this.held.delete(id);
    }
    for (const event of events) {
      this.held.delete(Number(event.id));
      this.held.set(Number(event.id), { event, at: now });
    }
  }

  /** Every event held, oldest first, and none held any more: what SQLite's thread wrote in a batch, for the process. */
  drain(): LiveEvent[] {
    const events = [...this.held.values()].map(({ event }) => event);
    this.held.clear();
    return events;
  }

  /** The events held under these numbers (no longer held), and the numbers not held. */
  take(ids: readonly number[]): { found: LiveEvent[]; missing: number[] } {
    const found: LiveEvent[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const held = this.held.get(id);
      if (held) {
        this.held.delete(id);
        found.push(held.event);
      } else missing.push(id);
    }
    return { found, missing };
  }
}

const ownEvents = new WeakMap<LiveBus, OwnEvents>();

/** The events held for the hub of the app this bus belongs to. */
export function ownEventsOf(live: LiveBus): OwnEvents {
  let own = ownEvents.get(live);
  if (!own) ownEvents.set(live, (own = new OwnEvents()));
  return own;
}

/**
 * On SQLite's thread (api/src/submission-thread.ts): the events the thread's pipeline writes are announced under the
 * process's writer name and held for the process (drain, after each batch), which holds them for its hub in turn.
 * Without this the process's hub read back every batch's events while a stream was open: the thread's own hub never
 * listens, so its announcements named no writer (docs/performance.md).
 */
export function holdForProcess(live: LiveBus, writer: string): OwnEvents {
  const own = new OwnEvents(writer);
  own.setListening(true);
  ownEvents.set(live, own);
  return own;
}

/**
 * Stores and announces the events (in `db`'s transaction, when it is one); answers their numbers. `own`: this
 * process's held events, which keep them for its hub (before the announcement can reach it).
 */
export async function journalEvents(db: Db, drafts: readonly LiveEventDraft[], own?: OwnEvents): Promise<number[]> {
  if (!drafts.length) return [];
  const events = await insertLiveEvents(db, drafts);
  const ids = events.map((event) => Number(event.id));
  const writer = own?.isListening ? own.writer : undefined;
  if (writer) own!.hold(events);
  await announceEvents(db, ids, writer);
  sincePrune += drafts.length;
  if (sincePrune >= PRUNE_EVERY) {
    sincePrune = 0;
    // Measured from the events' own time, so no clock is needed here: they were made a moment ago.
    await pruneLiveEvents(db, new Date(Date.parse(drafts[0]!.at) - WINDOW_MS).toISOString());
  }
  return ids;
}
