// Free sample requests: stored once per Idempotency-Key from the public form, toggled processed by staff.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { looksLikeSpam } from '../../lib/spam-guard';
import type { SampleListQuery, SampleRequest, SampleRequestData } from '../../contract';
import { runIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { enqueueCrmSync } from '../crm/crm-queries';
import { countSampleRequests, insertSampleRequest, listSampleRequests, setSampleRequestProcessed, type SampleRequestFields } from './samples-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** POST /api/print-samples: a bot (honeypot filled or form sent too fast) is answered like a person and nothing is stored. */
export async function submitSampleRequest(deps: Deps, input: SampleRequestData, idempotencyKey: string | undefined): Promise<Outcome> {
  const { website, elapsedMs, ...fields } = input;
  if (looksLikeSpam({ website, elapsedMs })) {
    return { status: 201, body: decoySampleRequest(fields, deps.clock().toISOString()), replayed: false };
  }
  return runIdempotent(deps, { scope: 'print-samples', key: idempotencyKey, request: input }, async (trx) => {
    const nowIso = deps.clock().toISOString();
    const request = await insertSampleRequest(trx, fields, nowIso);
    await enqueueCrmSync(trx, { kind: 'sample_request', id: request.id }, nowIso);
    return { status: 201, body: request };
  });
}

/** One page of requests, and how many there are in all (the screen's "N Total Requests"). */
export async function listSamplePage({ db }: Pick<AppDeps, 'db'>, page: SampleListQuery): Promise<{ requests: SampleRequest[]; total: number }> {
  const [requests, total] = await Promise.all([listSampleRequests(db, page), countSampleRequests(db)]);
  return { requests, total };
}

export async function markProcessed({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, id: number, processed: boolean): Promise<SampleRequest> {
  const updated = await setSampleRequestProcessed(db, id, processed, clock().toISOString());
  if (!updated) throw notFound('Sample request');
  return updated;
}

/** The stored shape with id 0: nothing in the answer tells a bot it was caught. */
function decoySampleRequest(fields: SampleRequestFields, nowIso: string): SampleRequest {
  return {
    id: 0,
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    phone: fields.phone ?? null,
    company: fields.company ?? null,
    addressLine1: fields.addressLine1,
    addressLine2: fields.addressLine2 ?? null,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    sampleType: fields.sampleType,
    pipedriveStatus: 'pending',
    pipedriveDealId: null,
    syncError: null,
    attribution: fields.attribution ?? null,
    processed: false,
    notes: fields.notes ?? null,
    createdAt: nowIso,
  };
}
