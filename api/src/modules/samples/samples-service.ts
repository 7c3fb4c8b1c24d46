// Free sample requests: the public form's second kind of submission, stored once per Idempotency-Key, toggled
// processed by staff. Suspected spam is stored in quarantine, not followed, until staff release it.
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { withoutSpamGuards } from '../../lib/spam-guard';
import type { PublicAnswer, SampleListQuery, SampleRequest, SampleRequestData } from '../../contract';
import type { Outcome } from '../../pipeline/group-commit';
import { sampleEvent } from '../../pipeline/live-events';
import { submit, type StoredRecord, type SubmissionKind } from '../../pipeline/submissions';
import {
  countSampleRequests,
  deleteQuarantinedSampleRequests,
  findSampleRequest,
  insertSampleRequests,
  listSampleRequests,
  releaseSampleRequest,
  setSampleRequestProcessed,
} from './samples-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'submissions'>;

/** The Idempotency-Key scope of POST /api/print-samples (`record_id`: the sample request). */
export const SAMPLE_KEY_SCOPE = 'print-samples';

/** A sample request from the public form; suspected spam is stored in quarantine and answered the same way. */
export const sampleSubmissions: SubmissionKind<SampleRequestData> = {
  scope: SAMPLE_KEY_SCOPE,
  judged: true,
  store: async (trx, batch) =>
    (await insertSampleRequests(trx, batch.map(({ input, nowIso, spamReason }) => ({ data: withoutSpamGuards(input), nowIso, spamReason })))).map((request, i) => ({
      answer: { status: 201, body: publicAnswer(request) },
      records: [{ kind: 'sample_request', how: 'submitted', record: request, at: batch[i]!.nowIso, repUserId: null }],
    })),
  deleteQuarantined: deleteQuarantinedSampleRequests,
};

/** POST /api/print-samples. */
export function submitSampleRequest(deps: Deps, input: SampleRequestData, idempotencyKey: string | undefined): Promise<Outcome> {
  return submit(deps, sampleSubmissions, { input, key: idempotencyKey, by: undefined });
}

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

/** "Not spam": the request leaves quarantine and is followed (CRM, live desk); a second press answers it as it is. */
export async function releaseQuarantinedSampleRequest({ db, clock, submissions }: Pick<AppDeps, 'db' | 'clock' | 'submissions'>, id: number): Promise<SampleRequest> {
  const nowIso = clock().toISOString();
  const released = await submissions.storeWith(db, async (trx) => {
    const request = await releaseSampleRequest(trx, id, nowIso);
    const records: StoredRecord[] = request ? [{ kind: 'sample_request', how: 'released', record: request, at: nowIso, repUserId: null }] : [];
    return { result: request, records };
  });
  const request = released ?? (await findSampleRequest(db, id));
  if (!request) throw notFound('Sample request');
  return request;
}
