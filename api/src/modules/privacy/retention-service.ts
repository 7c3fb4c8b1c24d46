// The retention rule: when staff turn it on, leads (with their captures and photos) and sample requests whose
// data is older than N months are erased by every server process's timer (retention-timer.ts), through the
// same erase path as a person's erasure, Pipedrive included. Off until staff turn it on; the setting lives in
// the database (app_settings), so every process follows one value and a change needs no restart. Each run that
// erased something is one transaction with its line in the staff audit log.
import type { AppDeps } from '../../deps';
import { flushDeletedData, lockKeysForTransaction } from '../../db/dialect';
import {
  RETENTION_MONTHS_DEFAULT,
  type CurrentUser, type ErasureCounts, type RetentionInput, type RetentionPreview, type RetentionSetting, type RetentionStatus,
} from '../../contract';
import { listStaffActions, recordStaffAction } from '../staff-audit';
import { ERASED_TABLES, eraseRecords } from './erase-records';
import { staleCounts, staleRecords } from './privacy-queries';
import { readSetting, writeSetting } from '../../db/app-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;

const SETTING_KEY = 'retention';
/** Records of each kind erased by one run (one transaction): a first run over years of data goes in steps. */
export const RETENTION_BATCH = 500;
/** Any number naming the runs' advisory lock on PostgreSQL: one run at a time across processes. */
const RUN_LOCK = 0x72657465n;

interface StoredRetention {
  enabled: boolean;
  months: number;
}

const OFF: StoredRetention = { enabled: false, months: RETENTION_MONTHS_DEFAULT };

async function readRetention(deps: Pick<AppDeps, 'db'>): Promise<RetentionSetting> {
  const stored = await readSetting<StoredRetention>(deps.db, SETTING_KEY);
  const value = stored?.value ?? OFF;
  return { enabled: value.enabled === true, months: value.months, updatedAt: stored?.updatedAt ?? null, updatedBy: stored?.updatedBy?.name ?? null };
}

export async function retentionStatus(deps: Pick<AppDeps, 'db'>): Promise<RetentionStatus> {
  const [setting, [last]] = await Promise.all([readRetention(deps), listStaffActions(deps.db, { actions: ['retention.run'], limit: 1 })]);
  return { ...setting, lastRun: last ? { at: last.createdAt, removed: last.details.removed as ErasureCounts } : null };
}

/** The cutoff of an N-month period ending now: the same day N calendar months back (UTC), or that month's last day. */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
}

export async function previewRetention(deps: Pick<AppDeps, 'db' | 'clock'>, months: number): Promise<RetentionPreview> {
  const cutoff = monthsBefore(deps.clock(), months).toISOString();
  return { months, cutoff, ...(await staleCounts(deps.db, cutoff)) };
}

export async function setRetention(deps: Deps, actor: CurrentUser, input: RetentionInput): Promise<RetentionStatus> {
  await deps.db.transaction(async (trx) => {
    const before = await readRetention({ db: trx });
    await writeSetting<StoredRetention>(trx, SETTING_KEY, { enabled: input.enabled, months: input.months }, actor.id, deps.clock().toISOString());
    await recordStaffAction(trx, deps.clock, {
      actor: { id: actor.id, name: actor.name },
      action: 'retention.setting',
      subject: null,
      details: { before: { enabled: before.enabled, months: before.months }, after: { enabled: input.enabled, months: input.months } },
    });
  });
  return retentionStatus(deps);
}

export interface RetentionRun {
  removed: ErasureCounts;
  /** The batch was full and more is due (or waits for a sync under way): the timer runs again at once. */
  more: boolean;
}

/**
 * One run: up to `batch` leads and as many sample requests past the cutoff, erased in one
 * transaction with its audit line. Answers null when the rule is off. Records whose CRM sync is under way
 * this moment wait for the next run. Runs of several processes take turns (an advisory lock on PostgreSQL;
 * SQLite's one writer), and the second finds nothing left to do.
 */
export async function runRetention(deps: Deps, batch = RETENTION_BATCH): Promise<RetentionRun | null> {
  const setting = await readRetention(deps);
  if (!setting.enabled) return null;
  const now = deps.clock();
  const cutoff = monthsBefore(now, setting.months).toISOString();
  const run = await deps.db.transaction(async (trx) => {
    await lockKeysForTransaction(trx, [RUN_LOCK]);
    const due = await staleRecords(trx, cutoff, batch);
    const removed = await eraseRecords(trx, due, { now, leaseMs: deps.config.crm.leaseMs, whenSyncing: 'skip' });
    if (removed.leads + removed.sampleRequests > 0) {
      // An empty run changed nothing, and a line every hour saying so would bury the lines that matter.
      await recordStaffAction(trx, deps.clock, { actor: null, action: 'retention.run', subject: null, details: { months: setting.months, cutoff, removed } });
    }
    const full = due.leads.length === batch || due.sampleRequests.length === batch;
    // A full batch that erased something may have left more; whether it did is asked, so that a backlog of an
    // exact number of batches ends with a run that says so (and flushes below).
    const left = full && removed.leads + removed.sampleRequests > 0 ? await staleRecords(trx, cutoff, 1) : null;
    return { removed, more: !!left && left.leads.length + left.sampleRequests.length > 0 };
  });
  // Once a backlog's last batch is done rather than after each: on PostgreSQL each flush is a VACUUM that reads
  // every index of the tables, and the batches of a backlog follow one another at once.
  if (run.removed.leads + run.removed.sampleRequests > 0 && !run.more) {
    await flushDeletedData(deps.db, ERASED_TABLES).catch((err: unknown) => deps.logger.warn({ err }, 'removing the erased rows\' old versions after a retention run failed'));
  }
  return run;
}
