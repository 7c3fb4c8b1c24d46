// The one place a lead leaves the browser. Components call submitLead and never fetch themselves, so the
// offline outbox (contract §7) can later wrap this function without touching any form.
import { apiClient } from '../../lib/api-client';
import type { LeadInput } from '../../../../api/src/contract';

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission (contract §6). */
  idempotencyKey: string;
}

/** Resolves once the server has stored (or, for a replayed key, already stored) the lead; throws otherwise. */
export async function submitLead(input: LeadInput, { idempotencyKey }: SubmitOptions): Promise<'sent'> {
  await apiClient.post('/api/leads', { json: input, headers: { 'Idempotency-Key': idempotencyKey } });
  return 'sent';
}
