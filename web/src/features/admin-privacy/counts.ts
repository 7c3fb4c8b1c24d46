// How the privacy screen words counts: "3 leads", "1 sample request", joined as a sentence.
import type { ErasureCounts } from '@contract';
import { formatCount } from '../../lib/format';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "a, b and c"; "nothing" for an empty list. */
export function listed(parts: string[]): string {
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What an erasure or a retention run removed from the product's own database. */
export function removedWords(c: ErasureCounts): string {
  return listed([
    plural(c.leads, 'lead'),
    plural(c.sampleRequests, 'sample request'),
    plural(c.captures, 'capture'),
    plural(c.photos, 'card photo'),
  ]);
}

/** What it queued for deletion in Pipedrive. */
export function pipedriveWords(c: Pick<ErasureCounts, 'pipedrivePersons' | 'pipedriveDeals'>): string {
  return listed([...(c.pipedrivePersons ? [plural(c.pipedrivePersons, 'person')] : []), ...(c.pipedriveDeals ? [plural(c.pipedriveDeals, 'deal')] : [])]);
}
