// Attribution (contract `Attribution`) as the columns of `leads` and `sample_requests`, both ways.
import type { Attribution, AttributionData } from '../../contract';

const ATTRIBUTION_COLUMNS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  referrer: 'referrer',
  landingPage: 'landing_page',
} as const satisfies Record<keyof Attribution, string>;

/** Attribution as the columns of `leads` / `sample_requests` (all null when none was sent). */
export function attributionColumns(a: AttributionData | Attribution | undefined | null): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, column] of Object.entries(ATTRIBUTION_COLUMNS)) out[column] = a?.[key as keyof Attribution] ?? null;
  return out;
}

/** The attribution object of a row, or null when the visit left no trace. */
export function attributionFromRow(row: Record<string, unknown>): Attribution | null {
  const out: Attribution = {};
  for (const [key, column] of Object.entries(ATTRIBUTION_COLUMNS)) {
    const v = row[column];
    if (typeof v === 'string' && v !== '') out[key as keyof Attribution] = v;
  }
  return Object.keys(out).length ? out : null;
}

