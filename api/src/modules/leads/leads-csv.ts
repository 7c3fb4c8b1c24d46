// The leads export (GET /api/admin/leads.csv): every matching lead, streamed row by row from keyset batches,
// so a million leads never sit in memory at once.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseFormula, type Lead } from '../../contract';

// Nested keys (attribution.*) are read by csv-stringify's dotted paths; a lead without attribution leaves them empty.
const COLUMNS: { key: keyof Lead | `attribution.${string}`; header: string }[] = [
  { key: 'id', header: 'ID' },
  { key: 'createdAt', header: 'Created' },
  { key: 'firstName', header: 'First name' },
  { key: 'lastName', header: 'Last name' },
  { key: 'email', header: 'Email' },
  { key: 'company', header: 'Company' },
  { key: 'phone', header: 'Phone' },
  { key: 'industry', header: 'Industry' },
  { key: 'volume', header: 'Volume' },
  { key: 'status', header: 'Status' },
  { key: 'source', header: 'Source' },
  { key: 'leadSource', header: 'Lead source' },
  { key: 'message', header: 'Message' },
  { key: 'syncError', header: 'Sync error' },
  { key: 'attribution.utmSource', header: 'UTM source' },
  { key: 'attribution.utmMedium', header: 'UTM medium' },
  { key: 'attribution.utmCampaign', header: 'UTM campaign' },
  { key: 'attribution.utmTerm', header: 'UTM term' },
  { key: 'attribution.utmContent', header: 'UTM content' },
  { key: 'attribution.referrer', header: 'Referrer' },
  { key: 'attribution.landingPage', header: 'Landing page' },
  { key: 'eventName', header: 'Event' },
  { key: 'capturedBy', header: 'Captured by' },
  { key: 'rating', header: 'Rating' },
  { key: 'interests', header: 'Interests' },
  { key: 'followUp', header: 'Follow-up' },
  { key: 'consentGiven', header: 'Consent' },
  { key: 'consentTextVersion', header: 'Consent text version' },
  { key: 'consentAt', header: 'Consent at' },
  { key: 'hasPhoto', header: 'Card photo' },
  { key: 'scanFormat', header: 'Scan format' },
  { key: 'scanPayload', header: 'Scan payload' },
];

export function leadsCsvStream(leads: AsyncIterable<Lead>): Readable {
  const csv = stringify({
    header: true,
    columns: COLUMNS.map(({ key, header }) => ({ key, header })),
    cast: {
      string: (value, context) => (context.header ? value : neutraliseFormula(value)),
      // Consent and photo read as words in a spreadsheet; consent left empty for website leads (never asked).
      boolean: (value) => (value ? 'yes' : 'no'),
      // Interests: a list of known values, joined.
      object: (value) => (Array.isArray(value) ? value.join('; ') : JSON.stringify(value)),
    },
  });
  const source = Readable.from(leads, { objectMode: true });
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
