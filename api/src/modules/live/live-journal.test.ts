// The events a process wrote, held for its own hub until their announcement comes back (live-journal.ts), and the
// announcement that names its writer (pipeline/live-channel.ts).
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract';
import { createLiveBus } from '../../pipeline/live-bus';
import { liveSignalOf } from '../../pipeline/live-channel';
import { OwnEvents, ownEventsOf } from './live-journal';

const event = (id: number): LiveEvent => ({ id: String(id), type: 'lead.created', at: '2026-11-28T12:00:00.000Z', recordId: id, title: `Lead ${id}`, repUserId: null, recordKind: 'lead', record: { id } });

describe('the announcement of stored events', () => {
  it('names its writer first, as a part an older process reads as no number', () => {
    expect(liveSignalOf('w:ab12cd34,7,8')).toEqual({ kind: 'events', ids: [7, 8], writer: 'ab12cd34' });
    // What a process of the version before reads of it: the numbers, nothing else.
    expect('w:ab12cd34,7,8'.split(',').map(Number).filter(Number.isSafeInteger)).toEqual([7, 8]);
  });

  it('without a writer (an older process, or no hub listening) is the numbers alone', () => {
    expect(liveSignalOf('7,8')).toEqual({ kind: 'events', ids: [7, 8] });
    expect(liveSignalOf('access:5')).toEqual({ kind: 'access', userId: 5 });
  });
});

describe('events held for the hub', () => {
  it('are held only while the hub listens, and taken once', () => {
    const own = new OwnEvents();
    own.hold([event(1)]);
    expect(own.take([1])).toEqual({ found: [], missing: [1] });
    own.setListening(true);
    own.hold([event(2), event(3)]);
    expect(own.take([2, 3, 4])).toEqual({ found: [event(2), event(3)], missing: [4] });
    expect(own.take([2])).toEqual({ found: [], missing: [2] });
  });

  it('a number written again (after a rolled-back write) holds the newer event', () => {
    const own = new OwnEvents();
    own.setListening(true);
    own.hold([event(5)]);
    const again = { ...event(5), title: 'Written again' };
    own.hold([again]);
    expect(own.take([5]).found).toEqual([again]);
  });

  it('nothing is kept once the hub stops listening', () => {
    const own = new OwnEvents();
    own.setListening(true);
    own.hold([event(6)]);
    own.setListening(false);
    own.setListening(true);
    expect(own.take([6])).toEqual({ found: [], missing: [6] });
  });

  it('one set per app: two apps in one process have their own writer names', () => {
    const a = createLiveBus();
    const b = createLiveBus();
    expect(ownEventsOf(a)).toBe(ownEventsOf(a));
    expect(ownEventsOf(a).writer).not.toBe(ownEventsOf(b).writer);
  });
});
