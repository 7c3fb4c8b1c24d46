// The live desk's part in every stored record: once it is committed, staff screens hear of it on the live bus. A
// lead or sample request from a form, or one released from quarantine, is `lead.created` / `sample.created`; a
// rep's new capture is `capture.created` (the rep who captured it sees it too); a capture merged into a lead is
// `lead.updated` (admins).
import type { LiveEventDraft } from '../../contract';
import type { LiveBus } from '../../pipeline/live-bus';
import { leadEvent, sampleEvent } from '../../pipeline/live-events';
import type { Follower, StoredRecord } from '../../pipeline/submissions';

function eventOf(stored: StoredRecord): LiveEventDraft {
  if (stored.kind === 'sample_request') return sampleEvent('sample.created', stored.record, stored.at);
  if (stored.how === 'captured') return leadEvent('capture.created', stored.record, stored.at, stored.repUserId);
  if (stored.how === 'merged') return leadEvent('lead.updated', stored.record, stored.at);
  return leadEvent('lead.created', stored.record, stored.at);
}

export function liveFollower(live: LiveBus): Follower {
  return {
    name: 'live',
    afterCommit(records) {
      for (const stored of records) live.publish(eventOf(stored));
    },
  };
}
