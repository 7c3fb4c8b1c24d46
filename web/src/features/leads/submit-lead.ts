// The one place a lead leaves the browser. It goes through the offline outbox: stored on the
// device first, sent with its Idempotency-Key, kept for later when the network is missing.
import type { LeadInput } from '@contract';
import { submitThroughOutbox } from '../../lib/outbox/outbox';
import { getAttribution } from '../../lib/attribution';
import { emitLeadSubmitted } from '../../lib/lead-events';

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission,
   * so the server stores it once however often it arrives. */
  idempotencyKey: string;
}

/** 'sent' once the server stored it, 'queued' when it waits on this device; throws SubmitError otherwise. */
export async function submitLead(input: LeadInput, { idempotencyKey }: SubmitOptions): Promise<'sent' | 'queued'> {
  const body = { ...input, attribution: getAttribution() };
  const result = await submitThroughOutbox({ kind: 'lead', url: '/api/leads', body, idempotencyKey });
  if (result.status === 'sent') emitLeadSubmitted();
  return result.status;
}
