// What an audit entry changed, in words: for an update the fields whose value differs ("Starting price:
// $0.62 → $0.59"), for a create the values it started with, for a delete the values it had.
import type { PricingAuditEntry, PricingProduct } from '@contract';
import { formatPrice } from '../../lib/format';

type Tracked = 'name' | 'category' | 'startingPrice' | 'description' | 'features' | 'isVisible' | 'sortOrder';

const FIELDS: { key: Tracked; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category' },
  { key: 'startingPrice', label: 'Starting price' },
  { key: 'description', label: 'Description' },
  { key: 'features', label: 'Features' },
  { key: 'isVisible', label: 'Visible' },
  { key: 'sortOrder', label: 'Sort order' },
];

export interface ChangeLine {
  label: string;
  before: string | null;
  after: string | null;
}

function show(key: Tracked, value: Partial<PricingProduct>[Tracked] | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (key === 'startingPrice' && typeof value === 'number') return formatPrice(value);
  if (key === 'isVisible') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  return String(value);
}

export function describeChanges(entry: PricingAuditEntry): ChangeLine[] {
  const before = entry.changes?.before ?? null;
  const after = entry.changes?.after ?? null;
  const lines: ChangeLine[] = [];
  for (const { key, label } of FIELDS) {
    const was = before ? show(key, before[key]) : null;
    const now = after ? show(key, after[key]) : null;
    // Fields the entry does not mention at all (a visibility change records only isVisible) are skipped.
    const mentioned = (before && key in before) || (after && key in after);
    if (mentioned && was !== now) lines.push({ label, before: was, after: now });
  }
  return lines;
}
