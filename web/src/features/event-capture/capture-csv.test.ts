import { describe, expect, it } from 'vitest';
import { capturesToCsv } from './capture-csv';
import type { CaptureRecord } from './capture-types';

const record = (overrides: Partial<CaptureRecord> = {}): CaptureRecord => ({
  id: 'k1',
  eventName: 'MBA Annual 2026',
  fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  capturedAt: Date.UTC(2026, 4, 1, 9, 30),
  state: 'waiting',
  ...overrides,
});

describe('capturesToCsv', () => {
  it('header, one quoted row per capture oldest first, CRLF, BOM', () => {
    const csv = capturesToCsv([record({ id: 'b', capturedAt: Date.UTC(2026, 4, 1, 10) }), record()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Captured at","Event","First name","Last name","Email","Company","Phone","Industry","Volume","Notes","State","Reason","Lead ID","Rating","Interests","Follow-up","Consent","Photo"');
    expect(lines[1]).toBe('"2026-05-01T09:30:00.000Z","MBA Annual 2026","Ada","Lovelace","ada@example.com","","","","","","waiting","","","","","","",""');
    expect(lines[2]).toMatch(/^"2026-05-01T10:00:00.000Z"/);
    expect(lines[3]).toBe('');
  });

  it('qualification, consent and the photo\'s state as labels', () => {
    const csv = capturesToCsv([
      record({
        fields: { firstName: 'Ada', lastName: 'L', email: 'a@example.com', rating: 'hot', interests: ['postcards', 'print-api'], followUp: 'samples', consent: false },
        photo: { blob: new Blob(['x']), itemId: 'p', state: 'waiting' },
      }),
    ]);
    expect(csv.slice(1).split('\r\n')[1]).toMatch(/,"Hot","Postcards; Print API","Send samples","no","waiting"$/);
  });

  it('quotes, commas and line breaks stay inside their field; formulas are neutralised', () => {
    const csv = capturesToCsv([
      record({ fields: { firstName: 'Mary "M"', lastName: "O'Brien, Jr", email: 'm@example.com', notes: 'line 1\nline 2', phone: '+1 555' }, state: 'sent', leadId: 42 }),
    ]);
    const row = csv.slice(1).split('\r\n')[1];
    expect(row).toBe(`"2026-05-01T09:30:00.000Z","MBA Annual 2026","Mary ""M""","O'Brien, Jr","m@example.com","","'+1 555","","","line 1\nline 2","sent","","42","","","","",""`);
  });
});
