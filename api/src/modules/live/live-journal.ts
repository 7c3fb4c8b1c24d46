// Writing the replay window (live_events): each event numbered, announced to every process on the database
// (pipeline/live-channel.ts), and the window kept to WINDOW_MS. Given a submission's transaction (the live
// follower), the events are written and announced with its records: the announcement goes when it commits, and
// neither happens if it rolls back, so a lead costs its live event no second trip through the database's writer.
import type { LiveEventDraft } from '../../contract';
import type { Db } from '../../db/knex';
import { announceEvents } from '../../pipeline/live-channel';
import { insertLiveEvents, pruneLiveEvents } from './live-queries';

/** How long events stay replayable: a screen away for longer reloads its data instead. */
export const WINDOW_MS = 60 * 60 * 1000;
/** Events written by this process between two prunes of the window. */
const PRUNE_EVERY = 100;
let sincePrune = 0;

/** Stores and announces the events (in `db`'s transaction, when it is one); answers their numbers. */
export async function journalEvents(db: Db, drafts: readonly LiveEventDraft[]): Promise<number[]> {
  if (!drafts.length) return [];
  const ids = await insertLiveEvents(db, drafts);
  await announceEvents(db, ids);
  sincePrune += drafts.length;
  if (sincePrune >= PRUNE_EVERY) {
    sincePrune = 0;
    // Measured from the events' own time, so no clock is needed here: they were made a moment ago.
    await pruneLiveEvents(db, new Date(Date.parse(drafts[0]!.at) - WINDOW_MS).toISOString());
  }
  return ids;
}
