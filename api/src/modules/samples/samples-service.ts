// Free sample requests: stored once per Idempotency-Key from the public form, toggled processed by staff.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { looksLikeSpam } from '../../lib/spam-guard';
import type { SampleListQuery, SampleRequest, SampleRequestData } from '../../contract';
import type { Db } from '../../db/knex';
import { submitIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { groupCommitFor, type GroupCommit, type StoreMany } from '../idempotency/group-commit';
import { enqueueCrmSyncs } from '../crm/crm-queries';
import { countSampleRequests, insertSampleRequests, listSampleRequests, setSampleRequestProcessed, type SampleRequestFields } from './samples-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** POST /api/print-samples: a bot (honeypot filled or form sent too fast) is answered like a person and nothing is stored. */
export async function submitSampleRequest(deps: Deps, input: SampleRequestData, idempotencyKey: string | undefined): Promise<Outcome> {
  const { website, elapsedMs, ...fields } = input;
  if (looksLikeSpam({ website, elapsedMs })) {
    return { status: 201, body: decoySampleRequest(fields, deps.clock().toISOString()), replayed: false };
  }
  const writer = groupCommitFor(sampleWriters, deps.db, 'print-samples', storeSampleBatch);
  return submitIdempotent(deps, writer, { key: idempotencyKey, request: input, payload: { data: fields, nowIso: deps.clock().toISOString() } });
}

/** Sample requests that arrive together are stored by one transaction with multi-row statements, CRM jobs included. */
const sampleWriters = new WeakMap<Db, GroupCommit<{ data: SampleRequestFields; nowIso: string }>>();
const storeSampleBatch: StoreMany<{ data: SampleRequestFields; nowIso: string }> = async (trx, batch) => {
  const stored = await insertSampleRequests(trx, batch);
  await enqueueCrmSyncs(trx, stored.map((request) => ({ kind: 'sample_request' as const, id: request.id })), batch[0]?.nowIso);
  return stored.map((request) => ({ status: 201, body: request }));
};

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
