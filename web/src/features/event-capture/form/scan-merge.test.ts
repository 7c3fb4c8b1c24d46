// Scan merging: a scan fills what is empty or what an earlier scan filled, never what the rep typed; the same
// person is recognised by the normalised address or the same badge.
import { describe, expect, it } from 'vitest';
import type { CaptureRecord } from '../capture-types';
import type { ScanOutcome } from '../use-badge-scan';
import { EMPTY_FIELDS } from './capture-fields';
import { firstGap, isDuplicateScan, mergeScan } from './scan-merge';

const outcome = (contact: ScanOutcome['contact'], rawPayload = 'BEGIN:VCARD'): ScanOutcome => ({
  kind: 'vcard',
  recognised: true,
  contact,
  scan: { rawPayload, scanFormat: 'qr_code' },
  clipped: false,
});

describe('mergeScan', () => {
  it('fills empty fields and fields the last scan filled; keeps what the rep typed, saying which', () => {
    const values = { ...EMPTY_FIELDS, firstName: 'Ada', company: 'Old Scan Co', email: 'typed@example.com' };
    const merged = mergeScan(values, new Set(['company']), { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', email: 'ada@example.com' });
    expect(merged.next).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', email: 'typed@example.com' });
    expect(merged.filled).toEqual(['lastName', 'company']);
    expect(merged.kept).toEqual(['email']);
  });

  it('names the first field of the first screen left empty, none when all are given', () => {
    expect(firstGap({ ...EMPTY_FIELDS, firstName: 'Ada', lastName: 'Lovelace' })).toBe('email');
    expect(firstGap({ ...EMPTY_FIELDS, firstName: 'A', lastName: 'L', email: 'a@example.com', company: 'C' })).toBeUndefined();
  });
});

describe('isDuplicateScan', () => {
  const earlier = { eventName: 'Expo', fields: { email: 'Ada@Example.com' }, scan: { rawPayload: 'BADGE-1', scanFormat: 'qr_code' } } as unknown as CaptureRecord;
  it('is the same person at the same event by normalised address or by the same badge', () => {
    expect(isDuplicateScan([earlier], 'Expo', outcome({ email: ' ada@EXAMPLE.com ' }, 'other'))).toBe(true);
    expect(isDuplicateScan([earlier], 'Expo', outcome({}, 'BADGE-1'))).toBe(true);
    expect(isDuplicateScan([earlier], 'Other Expo', outcome({ email: 'ada@example.com' }))).toBe(false);
    expect(isDuplicateScan([earlier], 'Expo', outcome({ email: 'bob@example.com' }))).toBe(false);
  });
});
