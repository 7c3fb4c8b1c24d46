// The one place a sample request leaves the browser (see leads/submit-lead.ts for why it is a module of
// its own): the offline outbox of contract §7 will wrap this function.
import { apiClient } from '../../lib/api-client';
import type { SampleRequestInput } from '../../../../api/src/contract';

export interface SubmitOptions {
  /** Made when the person pressed submit; the same key for every retry of that submission (contract §6). */
  idempotencyKey: string;
}

export async function submitSampleRequest(input: SampleRequestInput, { idempotencyKey }: SubmitOptions): Promise<'sent'> {
  await apiClient.post('/api/print-samples', { json: input, headers: { 'Idempotency-Key': idempotencyKey } });
  return 'sent';
}
