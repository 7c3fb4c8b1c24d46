// Free sample requests: stored once per Idempotency-Key from the public form, toggled processed by staff.
// Suspected spam is stored in quarantine, not synced, until staff release it.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { spamReasonOf, withoutSpamGuards } from '../../lib/spam-guard';
import type { PublicAnswer, SampleListQuery, SampleRequest, SampleRequestData } from '../../contract';
import { maybePurgeQuarantine } from '../quarantine/quarantine-purge';
import type { Db } from '../../db/knex';
import { submitIdempotent, type Outcome } from '../idempotency/idempotency-service';
import { groupCommitFor, type GroupCommit, type StoreMany } from '../idempotency/group-commit';
import { enqueueCrmSyncs } from '../crm/crm-queries';
import { sampleEvent } from '../live/live-events';
import {
  countSampleRequests,
  findSampleRequest,
  insertSampleRequests,
  listSampleRequests,
  releaseSampleRequest,
  setSampleRequestProcessed,
  type NewSampleRequest,
} from './samples-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live'>;

/** The Idempotency-Key scope of POST /api/print-samples (`record_id`: the sample request). */
export const SAMPLE_KEY_SCOPE = 'print-samples';

/** POST /api/print-samples: stored once per key; suspected spam is stored in quarantine and answered the same way. */
export async function submitSampleRequest(deps: Deps, input: SampleRequestData, idempotencyKey: string | undefined): Promise<Outcome> {
  maybePurgeQuarantine(deps);
  const writer = groupCommitFor(sampleWriters, deps.db, SAMPLE_KEY_SCOPE, storeSampleBatch);
  const payload = { data: withoutSpamGuards(input), nowIso: deps.clock().toISOString(), spamReason: spamReasonOf(input) };
  const outcome = await submitIdempotent(deps, writer, { key: idempotencyKey, request: input, payload });
  if (!outcome.replayed && outcome.status === 201 && payload.spamReason === null) {
    deps.live.publish(sampleEvent('sample.created', { ...(outcome.body as PublicAnswer<SampleRequest>), spamReason: null }, payload.nowIso));
  }
  return outcome;
}

/** Sample requests that arrive together are stored by one transaction with multi-row statements, CRM jobs included. */
const sampleWriters = new WeakMap<Db, GroupCommit<NewSampleRequest>>();
const storeSampleBatch: StoreMany<NewSampleRequest> = async (trx, batch) => {
  const stored = await insertSampleRequests(trx, batch);
  const toSync = stored.filter((request) => request.spamReason === null);
  await enqueueCrmSyncs(trx, toSync.map((request) => ({ kind: 'sample_request' as const, id: request.id })), batch[0]?.nowIso);
  return stored.map((request) => ({ status: 201, body: publicAnswer(request) }));
};

/** The sender's answer: the stored request without the quarantine mark. */
function publicAnswer({ spamReason: _mark, ...request }: SampleRequest): PublicAnswer<SampleRequest> {
  return request;
}

/** One page of requests, and how many there are in all (the screen's "N Total Requests"). */
export async function listSamplePage({ db }: Pick<AppDeps, 'db'>, page: SampleListQuery): Promise<{ requests: SampleRequest[]; total: number }> {
  const spam = page.spam === '1';
  const [requests, total] = await Promise.all([listSampleRequests(db, { ...page, spam }), countSampleRequests(db, { spam })]);
  return { requests, total };
}

export async function markProcessed({ db, clock, live }: Pick<AppDeps, 'db' | 'clock' | 'live'>, id: number, processed: boolean): Promise<SampleRequest> {
  const nowIso = clock().toISOString();
  const updated = await setSampleRequestProcessed(db, id, processed, nowIso);
  if (!updated) throw notFound('Sample request');
  if (updated.spamReason === null) live.publish(sampleEvent('sample.updated', updated, nowIso));
  return updated;
}

/** "Not spam": the request leaves quarantine and goes to the CRM; a second press answers it as it is. */
export async function releaseQuarantinedSampleRequest({ db, clock, live }: Pick<AppDeps, 'db' | 'clock' | 'live'>, id: number): Promise<SampleRequest> {
  const nowIso = clock().toISOString();
  const released = await db.transaction(async (trx) => {
    const request = await releaseSampleRequest(trx, id, nowIso);
    if (request) await enqueueCrmSyncs(trx, [{ kind: 'sample_request', id }], nowIso);
    return request;
  });
  if (released) live.publish(sampleEvent('sample.created', released, nowIso));
  const request = released ?? (await findSampleRequest(db, id));
  if (!request) throw notFound('Sample request');
  return request;
}
