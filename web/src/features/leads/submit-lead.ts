// The one place a lead leaves the browser. It goes through the offline outbox: stored on the
// device first, sent with its Idempotency-Key, kept for later when the network is missing.
import type { LeadInput } from '@contract';
import { getAttribution } from '../../lib/attribution';
// A static import: the outbox's indicator and runtime load with every page (the entry), so a dynamic import
// saved nothing, and one of the entry's chunk made Vite's preload helper fetch the entry's stylesheet again,
// which a prerendered page has inlined.
import { submitThroughOutbox } from '../../lib/outbox';

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission,
   * so the server stores it once however often it arrives. */
  idempotencyKey: string;
  /** The key of the earlier version this corrected submission replaces (still waiting after a server failure). */
  replaces?: string;
}

/** 'sent' once the server stored it, 'queued' when it waits on this device; throws a ServerError otherwise. */
export async function submitLead(input: LeadInput, { idempotencyKey, replaces }: SubmitOptions): Promise<'sent' | 'queued'> {
  const body = { ...input, attribution: getAttribution() };
  // The outbox announces the delivery (the admin's lists refresh on it), from whichever tab delivers it.
  return (await submitThroughOutbox({ kind: 'lead', url: '/api/leads', body, idempotencyKey, ...(replaces ? { replaces } : {}) })).status;
}
