// The one place a sample request leaves the browser, through the offline outbox (see leads/submit-lead.ts).
import type { SampleRequestInput } from '@contract';
import { getAttribution } from '../../lib/attribution';

// The outbox (IndexedDB) loads with the first submission, not with the page.
const loadOutbox = () => import('../../lib/outbox');

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission,
   * so the server stores it once however often it arrives. */
  idempotencyKey: string;
}

export async function submitSampleRequest(input: SampleRequestInput, { idempotencyKey }: SubmitOptions): Promise<'sent' | 'queued'> {
  const body = { ...input, attribution: getAttribution() };
  return (await (await loadOutbox()).submitThroughOutbox({ kind: 'sample', url: '/api/print-samples', body, idempotencyKey })).status;
}
