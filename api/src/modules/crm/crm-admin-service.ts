// The admin's side of the CRM sync: whether Pipedrive is connected, and "Retry sync" on a failed record, which
// puts it back in the queue with a fresh set of attempts and clears the old reason.
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import type { CrmStatus, Lead, SampleRequest } from '../../contract';
import { changeLead, findLead } from '../leads';
import { findSampleRequest, setSampleRequestSyncOutcome } from '../samples';
import { countJobs, requeueJob } from './crm-queries';
import { leadEvent, sampleEvent } from '../../pipeline/live-events';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'live'>;

export async function crmStatus({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<CrmStatus> {
  return { connected: !!config.crm.pipedriveApiToken, ...(await countJobs(db)) };
}

function requireConnected(config: Deps['config']): void {
  if (!config.crm.pipedriveApiToken) throw new AppError('conflict', 'CRM not connected');
}

/** Lead back to `new` (its rollup count moves too) and its job back to pending with attempts reset. */
export async function retryLeadSync(deps: Deps, id: number): Promise<Lead> {
  requireConnected(deps.config);
  const nowIso = deps.clock().toISOString();
  await deps.db.transaction(async (trx) => {
    const lead = await findLead(trx, id);
    if (!lead) throw notFound('Lead');
    if (lead.status === 'synced') throw new AppError('conflict', 'This lead is already in the CRM');
    await changeLead(trx, id, { status: 'new', syncError: null }, nowIso);
    await requeueJob(trx, 'lead', id, nowIso);
  });
  const lead = (await findLead(deps.db, id))!;
  deps.live.publish(leadEvent('crm.status', lead, nowIso));
  return lead;
}

/** Sample request back to `pending` and its job back to pending with attempts reset. */
export async function retrySampleRequestSync(deps: Deps, id: number): Promise<SampleRequest> {
  requireConnected(deps.config);
  const nowIso = deps.clock().toISOString();
  await deps.db.transaction(async (trx) => {
    const request = await findSampleRequest(trx, id);
    if (!request) throw notFound('Sample request');
    if (request.pipedriveStatus === 'synced') throw new AppError('conflict', 'This sample request is already in the CRM');
    await setSampleRequestSyncOutcome(trx, id, { pipedriveStatus: 'pending', syncError: null }, nowIso);
    await requeueJob(trx, 'sample_request', id, nowIso);
  });
  const request = (await findSampleRequest(deps.db, id))!;
  deps.live.publish(sampleEvent('crm.status', request, nowIso));
  return request;
}
