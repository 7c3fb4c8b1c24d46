// The one place a sample request leaves the browser, through the offline outbox (see leads/submit-lead.ts).
import type { SampleRequestInput } from '@contract';
import { getAttribution } from '../../lib/attribution';
// Static, as in leads/submit-lead.ts: the outbox is part of every page's entry.
import { submitThroughOutbox } from '../../lib/outbox';

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission,
   * so the server stores it once however often it arrives. */
  idempotencyKey: string;
  /** The key of the earlier version this corrected submission replaces (still waiting after a server failure). */
  replaces?: string;
}

export async function submitSampleRequest(input: SampleRequestInput, { idempotencyKey, replaces }: SubmitOptions): Promise<'sent' | 'queued'> {
  const body = { ...input, attribution: getAttribution() };
  return (await submitThroughOutbox({ kind: 'sample', url: '/api/print-samples', body, idempotencyKey, ...(replaces ? { replaces } : {}) })).status;
}
