// The rep's backup: every capture on this device as CSV, made here from local data so it works
// offline. RFC 4180: every field quoted, quotes doubled, CRLF between rows; a BOM so spreadsheet apps read
// the UTF-8 names right; and the same formula guard as the server's export (a cell starting = + - @ would
// run as a formula in a spreadsheet, so it gets a leading apostrophe; the rule and the file name are the
// contract's, csv.ts).
import { FOLLOW_UPS, INTERESTS, LEAD_RATINGS, neutraliseFormula } from '@contract';
import type { CaptureRecord } from './capture-types';
import { saveFile } from '../../lib/save-file';

const labelOf = (list: readonly { value: string; label: string }[], value: string | undefined) => list.find((i) => i.value === value)?.label;

const STATE_LABEL = { waiting: 'waiting', sent: 'sent', 'needs-attention': 'needs attention' } as const;

const COLUMNS: { header: string; value: (c: CaptureRecord) => string | number | undefined }[] = [
  { header: 'Captured at', value: (c) => new Date(c.capturedAt).toISOString() },
  { header: 'Event', value: (c) => c.eventName },
  { header: 'First name', value: (c) => c.fields.firstName },
  { header: 'Last name', value: (c) => c.fields.lastName },
  { header: 'Email', value: (c) => c.fields.email },
  { header: 'Company', value: (c) => c.fields.company },
  { header: 'Phone', value: (c) => c.fields.phone },
  { header: 'Industry', value: (c) => c.fields.industry },
  { header: 'Volume', value: (c) => c.fields.volume },
  { header: 'Notes', value: (c) => c.fields.notes },
  { header: 'State', value: (c) => STATE_LABEL[c.state] },
  { header: 'Reason', value: (c) => c.reason },
  { header: 'Lead ID', value: (c) => c.leadId },
  { header: 'Rating', value: (c) => labelOf(LEAD_RATINGS, c.fields.rating) },
  { header: 'Interests', value: (c) => c.fields.interests?.map((i) => labelOf(INTERESTS, i)).join('; ') },
  { header: 'Follow-up', value: (c) => labelOf(FOLLOW_UPS, c.fields.followUp) },
  { header: 'Consent', value: (c) => (c.fields.consent === undefined ? undefined : c.fields.consent ? 'yes' : 'no') },
  { header: 'Photo', value: (c) => (c.photo ? STATE_LABEL[c.photo.state] : undefined) },
];

function cell(value: string | number | undefined, header: boolean): string {
  const text = value === undefined ? '' : typeof value === 'number' || header ? String(value) : neutraliseFormula(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** Oldest first, the order they were captured in. */
export function capturesToCsv(captures: CaptureRecord[]): string {
  const rows = [...captures].sort((a, b) => a.capturedAt - b.capturedAt);
  const lines = [COLUMNS.map((c) => cell(c.header, true)).join(',')];
  for (const capture of rows) lines.push(COLUMNS.map((c) => cell(c.value(capture), false)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves the text as a file through a Blob link: no server involved, so it works offline. */
export function downloadCsv(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
