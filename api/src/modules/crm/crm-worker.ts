// The sync worker that runs inside each server process. It claims due jobs from crm_sync_jobs, syncs them,
// and writes the outcome and the record's status in one transaction. Failures that may pass (network, 429,
// 5xx) are retried with exponential backoff — never sooner than Pipedrive's retry-after — until the last
// attempt, which marks the record `sync_failed` with the reason. Without a token it does nothing at all. The same
// queue carries staff's work on a lead to its deal (crm-lead-work.ts) and erasures (crm-erasure.ts).
import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { CrmConfig, MailConfig } from '../../config';
import type { Db } from '../../db/knex';
import { msUntilNextDue } from '../../db/lease-claim';
import { retryDelayMs } from '../../lib/backoff';
import { WorkLoop } from '../../lib/work-loop';
import { crmSyncFailures } from '../../lib/metrics';
import { PipedriveClient, PipedriveError } from './pipedrive-client';
import { changeLead } from '../leads';
import { findSampleRequest, setSampleRequestSyncOutcome } from '../samples';
import { queueAlerts, type MailQueueDeps } from '../mail';
import { claimDueJobs, deleteErasure, finishJob, leadDealId, wakeLeadWork, type CrmJob } from './crm-queries';
import { syncLeadWork } from './crm-lead-work';
import { eraseInPipedrive } from './crm-erasure';
import { onCrmJobsCommitted } from './crm-signal';
import { syncJob } from './crm-service';
import type { LiveBus } from '../../pipeline/live-bus';
import { publishCrmStatus } from './crm-live';

/** A lead_work job's reason while it waits for its lead's deal (shown like an error, but spends no attempt). */
export const LEAD_WORK_WAITS = 'Waiting for the lead to reach Pipedrive';

export interface CrmWorkerDeps {
  db: Db;
  config: { crm: CrmConfig; mail?: MailConfig };
  logger: Logger;
  clock?: () => Date;
  /** Tests name their workers to tell them apart. */
  workerId?: string;
  /** Jobs claimed and synced at once; Pipedrive's per-token rate limit is the reason to keep this small. */
  batchSize?: number;
  client?: PipedriveClient;
  /** Where a record's new CRM status is announced to staff screens (absent in tests of the worker alone). */
  live?: LiveBus;
  /**
   * With the mail settings and the session keys (the server's deps), a record marked `sync_failed` is e-mailed to
   * whoever chose "CRM sync failures", in the transaction that marks it. Absent in tests of the worker alone.
   */
  sessionKeys?: readonly string[];
}

export class CrmSyncWorker {
  readonly workerId: string;
  private readonly db: Db;
  private readonly crm: CrmConfig;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  private readonly batchSize: number;
  private readonly client: PipedriveClient | null;
  private readonly live: LiveBus | undefined;
  private readonly mail: MailQueueDeps | undefined;
  private readonly loop: WorkLoop;
  private unsubscribe: (() => void) | null = null;

  constructor(deps: CrmWorkerDeps) {
    this.db = deps.db;
    this.crm = deps.config.crm;
    this.logger = deps.logger;
    this.clock = deps.clock ?? (() => new Date());
    this.batchSize = deps.batchSize ?? 4;
    this.live = deps.live;
    const mail = deps.config.mail;
    this.mail = mail && deps.sessionKeys ? { config: { mail }, sessionKeys: deps.sessionKeys } : undefined;
    this.workerId = deps.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.client =
      deps.client ??
      (this.crm.pipedriveApiToken
        ? new PipedriveClient({ baseUrl: this.crm.pipedriveBaseUrl, apiToken: this.crm.pipedriveApiToken, clock: this.clock })
        : null);
    this.loop = new WorkLoop({
      runOnce: () => this.runOnce(),
      msUntilNextDue: () => msUntilNextDue(this.db, 'crm_sync_jobs', this.clock(), this.crm.pollMs),
      onError: (err) => this.logger.error({ err }, 'CRM sync: could not claim jobs'),
    });
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** Starts polling; a no-op without a Pipedrive token (records keep their status and their queued jobs). */
  start(): void {
    if (this.loop.isRunning) return;
    if (!this.client) {
      this.logger.info('CRM not connected (no PIPEDRIVE_API_TOKEN): leads and sample requests wait in the sync queue');
      return;
    }
    this.unsubscribe = onCrmJobsCommitted(() => this.loop.nudge());
    this.loop.start();
    this.logger.info({ workerId: this.workerId }, 'CRM sync worker started');
  }

  /** Stops taking jobs and waits for the ones in hand (graceful shutdown). */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }

  /** Claims one batch of due jobs and syncs them; answers how many it took. */
  async runOnce(): Promise<number> {
    if (!this.client) return 0;
    const jobs = await claimDueJobs(this.db, this.workerId, this.clock(), this.crm.leaseMs, this.batchSize);
    await Promise.all(jobs.map((job) => this.process(job)));
    return jobs.length;
  }

  private async process(job: CrmJob): Promise<void> {
    const log = this.logger.child({ crmJob: job.id, kind: job.kind, recordId: job.recordId, attempt: job.attempts });
    if (job.kind === 'erasure') return this.processErasure(job, log);
    if (job.kind === 'lead_work') return this.processLeadWork(job, log);
    try {
      const { dealId } = await syncJob({ db: this.db, client: this.client!, workerId: this.workerId, clock: this.clock }, job);
      const nowIso = this.clock().toISOString();
      const changed = await this.db.transaction(async (trx) => {
        if (!(await finishJob(trx, job, this.workerId, { state: 'done', lastError: null, dealId }, nowIso))) return false;
        if (job.kind === 'lead') {
          await changeLead(trx, job.recordId, { status: 'synced', syncError: null }, nowIso);
          // The lead's owner, stage and notes waited for this deal.
          await wakeLeadWork(trx, job.recordId, nowIso);
        } else await setSampleRequestSyncOutcome(trx, job.recordId, { pipedriveStatus: 'synced', dealId, syncError: null }, nowIso);
        return true;
      });
      log.info({ dealId }, 'CRM sync done');
      if (changed) this.announce(job.kind, job.recordId, log);
    } catch (err) {
      await this.fail(job, err, log).catch((e) => log.error({ err: e }, 'CRM sync: could not record the failure'));
    }
  }

  /** Deletes in Pipedrive what an erasure left there; once done, its list of Pipedrive ids goes too. */
  private async processErasure(job: CrmJob, log: Logger): Promise<void> {
    try {
      await eraseInPipedrive({ db: this.db, client: this.client! }, job);
      const nowIso = this.clock().toISOString();
      await this.db.transaction(async (trx) => {
        if (await finishJob(trx, job, this.workerId, { state: 'done', lastError: null }, nowIso)) await deleteErasure(trx, job.recordId);
      });
      log.info('CRM erasure done');
    } catch (err) {
      await this.fail(job, err, log).catch((e) => log.error({ err: e }, 'CRM erasure: could not record the failure'));
    }
  }

  /**
   * An owner, stage or note change to the lead's deal. Until the lead's own sync has the deal, the job waits: back
   * to pending without spending the attempt (a lead that takes long to reach Pipedrive must not use up its changes'
   * attempts), due again when that sync ends (wakeLeadWork) or, at the latest, after the longest backoff.
   */
  private async processLeadWork(job: CrmJob, log: Logger): Promise<void> {
    try {
      const outcome = await syncLeadWork({ db: this.db, client: this.client!, workerId: this.workerId, clock: this.clock }, job);
      const nowIso = this.clock().toISOString();
      if (outcome === 'wait') {
        const nextAttemptAt = new Date(this.clock().getTime() + this.crm.maxBackoffMs).toISOString();
        await this.db.transaction(async (trx) => {
          if (!(await finishJob(trx, job, this.workerId, { state: 'pending', lastError: LEAD_WORK_WAITS, nextAttemptAt, attempts: job.attempts - 1 }, nowIso))) return;
          // The lead's sync may have ended since we looked, its wake finding this job still running: due at once.
          if (job.leadId !== null && (await leadDealId(trx, job.leadId)) !== null) await wakeLeadWork(trx, job.leadId, nowIso);
        });
        log.info('CRM lead work waits for the lead\'s deal');
        return;
      }
      await finishJob(this.db, job, this.workerId, { state: 'done', lastError: null }, nowIso);
      log.info('CRM lead work done');
    } catch (err) {
      await this.fail(job, err, log).catch((e) => log.error({ err: e }, 'CRM lead work: could not record the failure'));
    }
  }

  private async fail(job: CrmJob, err: unknown, log: Logger): Promise<void> {
    const e = err instanceof PipedriveError ? err : new PipedriveError((err as Error)?.message ?? String(err), true);
    // An erasure is never given up: whatever stops it (an outage, a revoked token) passes, and the person asked
    // to be forgotten. It keeps its place in the queue, tried at the longest backoff, its last error on show.
    const last = job.kind !== 'erasure' && (!e.retryable || job.attempts >= this.crm.maxAttempts);
    const nowIso = this.clock().toISOString();
    crmSyncFailures.inc({ outcome: last ? 'gave_up' : 'retry' });
    if (!last) {
      const delay = retryDelayMs(job.attempts, { firstMs: this.crm.backoffMs, maxMs: this.crm.maxBackoffMs }, e.retryAfterMs ?? 0);
      const nextAttemptAt = new Date(this.clock().getTime() + delay).toISOString();
      await finishJob(this.db, job, this.workerId, { state: 'pending', lastError: e.message, nextAttemptAt }, nowIso);
      log.warn({ reason: e.message, retryInMs: delay }, 'CRM sync failed; will retry');
      return;
    }
    const reason = e.retryable ? `Gave up after ${job.attempts} attempts: ${e.message}` : e.message;
    const changed = await this.db.transaction(async (trx) => {
      if (!(await finishJob(trx, job, this.workerId, { state: 'failed', lastError: reason }, nowIso))) return false;
      // A change to a lead's deal that failed for good leaves the lead as it is (it is in Pipedrive): the job keeps
      // its reason, counted failed on the CRM status line.
      if (job.kind === 'erasure' || job.kind === 'lead_work') return false;
      if (job.kind === 'lead') {
        const lead = await changeLead(trx, job.recordId, { status: 'sync_failed', syncError: reason }, nowIso);
        if (lead && this.mail) {
          await queueAlerts(trx, this.mail, [{ notificationKind: 'crmFailures', kind: 'crm_failure_alert', cause: `crm-failed-lead-${lead.id}-${Date.parse(nowIso)}`, how: 'submitted', reason, repUserId: null, recordKind: 'lead', record: lead }], nowIso);
        }
      } else {
        await setSampleRequestSyncOutcome(trx, job.recordId, { pipedriveStatus: 'sync_failed', syncError: reason }, nowIso);
        const request = this.mail ? await findSampleRequest(trx, job.recordId) : undefined;
        if (request && this.mail) {
          await queueAlerts(trx, this.mail, [{ notificationKind: 'crmFailures', kind: 'crm_failure_alert', cause: `crm-failed-sample-${request.id}-${Date.parse(nowIso)}`, how: 'submitted', reason, repUserId: null, recordKind: 'sample_request', record: request }], nowIso);
        }
      }
      return true;
    });
    log.error({ reason }, 'CRM sync failed for good');
    if (changed && (job.kind === 'lead' || job.kind === 'sample_request')) this.announce(job.kind, job.recordId, log);
  }

  /** The record's new CRM status, to staff screens; after the commit, and never holding the worker up. */
  private announce(kind: 'lead' | 'sample_request', recordId: number, log: Logger): void {
    publishCrmStatus({ db: this.db, live: this.live, clock: this.clock }, kind, recordId).catch((err: unknown) => log.warn({ err }, 'CRM status not announced'));
  }
}
