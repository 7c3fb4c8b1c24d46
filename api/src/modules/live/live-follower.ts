// The live desk's part in every stored record. In the records' transaction, their events are written to the
// replay window and announced on commit (live-journal.ts), so the stream costs intake no transaction of its own;
// once committed, this process's listeners (push) hear of them on the bus, off the request's path. A lead or
// sample request from a form, or one released from quarantine, is `lead.created` / `sample.created`; a rep's
// new capture is `capture.created` (the rep who captured it sees it too); a capture merged into a lead is
// `lead.updated` (admins).
import type { LiveEventDraft } from '../../contract';
import type { LiveBus } from '../../pipeline/live-bus';
import { leadEvent, sampleEvent } from '../../pipeline/live-events';
import type { Follower, StoredRecord } from '../../pipeline/submissions';
import { journalEvents, ownEventsOf } from './live-journal';

function eventOf(stored: StoredRecord): LiveEventDraft {
  if (stored.kind === 'sample_request') return sampleEvent('sample.created', stored.record, stored.at);
  if (stored.how === 'captured') return leadEvent('capture.created', stored.record, stored.at, stored.repUserId);
  if (stored.how === 'merged') return leadEvent('lead.updated', stored.record, stored.at);
  return leadEvent('lead.created', stored.record, stored.at);
}

export function liveFollower(live: LiveBus): Follower {
  const own = ownEventsOf(live);
  return {
    name: 'live',
    async inTransaction(trx, records) {
      await journalEvents(trx, records.map(eventOf), own);
    },
    afterCommit(records) {
      live.record(records.map(eventOf));
    },
  };
}
