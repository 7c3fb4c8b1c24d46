import { describe, expect, it } from 'vitest';
import { SENT_RETENTION_MS, isFullySent, isPastRetention, isVisibleTo, othersWaiting } from './capture-retention';
import type { CaptureRecord } from './capture-types';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12);
const ada = { id: 1, name: 'Ada Rep' };
const bob = { id: 2, name: 'Bob Rep' };

const record = (overrides: Partial<CaptureRecord> = {}): CaptureRecord => ({
  id: crypto.randomUUID(),
  eventName: 'Expo',
  fields: { firstName: 'A', lastName: 'B', email: 'a@example.com' } as CaptureRecord['fields'],
  capturedAt: NOW - 30 * DAY,
  state: 'sent',
  sentAt: NOW - 15 * DAY,
  owner: ada,
  ...overrides,
});
const photo = (state: CaptureRecord['state']) => ({ blob: new Blob(['x']), itemId: 'p', state });

describe('retention of sent captures', () => {
  it('is 14 days', () => {
    expect(SENT_RETENTION_MS).toBe(14 * DAY);
  });

  it('a capture sent more than 14 days ago is purged; one sent 13 days ago is kept', () => {
    expect(isPastRetention(record(), NOW)).toBe(true);
    expect(isPastRetention(record({ sentAt: NOW - 13 * DAY }), NOW)).toBe(false);
  });

  it('an unsent capture is never purged, however old', () => {
    expect(isPastRetention(record({ state: 'waiting', sentAt: undefined }), NOW)).toBe(false);
    expect(isPastRetention(record({ state: 'needs-attention', sentAt: undefined }), NOW)).toBe(false);
  });

  it('a sent capture whose photo has not been uploaded is kept', () => {
    expect(isFullySent(record({ photo: photo('waiting') }))).toBe(false);
    expect(isPastRetention(record({ photo: photo('waiting') }), NOW)).toBe(false);
    expect(isPastRetention(record({ photo: photo('sent') }), NOW)).toBe(true);
  });

  it('a sent capture without a sending time counts from when it was captured', () => {
    expect(isPastRetention(record({ sentAt: undefined, capturedAt: NOW - 15 * DAY }), NOW)).toBe(true);
    expect(isPastRetention(record({ sentAt: undefined, capturedAt: NOW - 2 * DAY }), NOW)).toBe(false);
  });
});

describe('captures by account', () => {
  it('a capture is visible to its own account only, and to nobody without a known user', () => {
    expect(isVisibleTo(record(), ada)).toBe(true);
    expect(isVisibleTo(record(), bob)).toBe(false);
    expect(isVisibleTo(record(), null)).toBe(false);
    expect(isVisibleTo(record({ owner: undefined }), null)).toBe(false);
  });

  it('other accounts\' unsent captures are counted per account; sent ones and the user\'s own are not', () => {
    const captures = [record({ state: 'waiting' }), record({ state: 'waiting' }), record(), record({ owner: bob, state: 'waiting' })];
    expect(othersWaiting(captures, bob)).toEqual([{ name: 'Ada Rep', count: 2 }]);
    expect(othersWaiting(captures, ada)).toEqual([{ name: 'Bob Rep', count: 1 }]);
  });
});
