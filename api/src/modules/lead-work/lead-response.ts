// The clock (issue #31): when an unowned New lead counts as overdue (an admin setting, stored in app_settings so
// every process reads the same), the sweep that raises each such lead once, and the dashboard's two numbers.
import type { AppDeps } from '../../deps';
import { readSetting, writeSetting } from '../../db/app-settings';
import { DEFAULT_OVERDUE_AFTER_MINUTES, type CurrentUser, type LeadResponseSettings } from '../../contract';
import { leadEvent } from '../../pipeline/live-events';
import { startRecurring, type Recurring } from '../../lib/recurring';
import { findLead } from '../leads';
import { queueAlerts } from '../mail';
import { recordStaffAction } from '../staff-audit';
import { markOverdue, overdueCandidates, responseTimes } from './lead-work-queries';

export const LEAD_RESPONSE_SETTINGS_KEY = 'lead_response';

export async function readLeadResponseSettings(db: AppDeps['db']): Promise<LeadResponseSettings> {
  const stored = await readSetting<Partial<LeadResponseSettings>>(db, LEAD_RESPONSE_SETTINGS_KEY);
  const minutes = stored?.value?.overdueAfterMinutes;
  return { overdueAfterMinutes: typeof minutes === 'number' && minutes >= 1 ? minutes : DEFAULT_OVERDUE_AFTER_MINUTES };
}

/** Saves the setting with a line in the staff audit log (before and after), in one transaction. */
export async function writeLeadResponseSettings(deps: Pick<AppDeps, 'db' | 'clock'>, actor: CurrentUser, settings: LeadResponseSettings): Promise<LeadResponseSettings> {
  await deps.db.transaction(async (trx) => {
    const before = await readLeadResponseSettings(trx);
    await writeSetting(trx, LEAD_RESPONSE_SETTINGS_KEY, settings, actor.id, deps.clock().toISOString());
    await recordStaffAction(trx, deps.clock, { actor: { id: actor.id, name: actor.name }, action: 'lead_response.setting', subject: null, details: { before, after: settings } });
  });
  return readLeadResponseSettings(deps.db);
}

/** Leads raised per transaction: a backlog (the setting lowered) goes in steps, requests served between them. */
const SWEEP_BATCH = 50;

type SweepDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live' | 'config' | 'sessionKeys'>;

/**
 * Raises every unowned lead still New past the setting, once: the mark (overdue_notified_at) and the e-mail to
 * admins who want lead e-mails are written in one transaction per lead, the mark by a conditional UPDATE, so two
 * sweeps (or a take at the same moment) never raise a lead twice. Once committed, `lead.overdue` goes out on the
 * live stream: open desks mark the lead, and Web Push tells every admin who turned on lead notifications.
 * Answers the ids raised.
 */
export async function sweepOverdueLeads(deps: SweepDeps): Promise<number[]> {
  const { overdueAfterMinutes } = await readLeadResponseSettings(deps.db);
  const raised: number[] = [];
  for (;;) {
    const now = deps.clock();
    const nowIso = now.toISOString();
    const ids = await overdueCandidates(deps.db, new Date(now.getTime() - overdueAfterMinutes * 60_000).toISOString(), SWEEP_BATCH);
    const marked: number[] = [];
    for (const id of ids) {
      const done = await deps.db.transaction(async (trx) => {
        if (!(await markOverdue(trx, id, nowIso))) return false;
        const lead = (await findLead(trx, id))!;
        const reason = `No owner and still New after ${overdueAfterMinutes} min`;
        await queueAlerts(trx, deps, [{ notificationKind: 'leads', kind: 'lead_overdue_alert', cause: `lead-overdue-${id}`, how: 'submitted', reason, repUserId: null, recordKind: 'lead', record: lead }], nowIso);
        return true;
      });
      if (done) marked.push(id);
    }
    for (const id of marked) {
      const lead = await findLead(deps.db, id);
      if (lead) deps.live.publish(leadEvent('lead.overdue', lead, nowIso));
    }
    raised.push(...marked);
    if (ids.length < SWEEP_BATCH) return raised;
  }
}

export const OVERDUE_SWEEP_EVERY_MS = 30_000;

/** The sweep every 30 s in the process that runs the sweeps; stop() waits for a run under way. */
export function startOverdueSweep(deps: SweepDeps, { everyMs = OVERDUE_SWEEP_EVERY_MS, firstAfterMs = 10_000 } = {}): Recurring {
  return startRecurring(async () => {
    try {
      await sweepOverdueLeads(deps);
    } catch (err) {
      deps.logger.error({ err }, 'overdue lead sweep failed; trying again at the next one');
    }
  }, { everyMs, firstAfterMs });
}

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Over the leads that arrived in the last 7 days: the median first response in seconds (null when none was
 * answered yet), and the share answered within 5 minutes, as a fraction 0..1 (null when none is due yet). A lead
 * still New that arrived under 5 minutes ago can still make it, so it is left out of the share.
 */
export async function firstResponseStats(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<{ medianFirstResponseSeconds7d: number | null; answeredWithin5MinShare7d: number | null }> {
  const now = deps.clock().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const week = await responseTimes(deps.db, iso(now - WEEK_MS), iso(now + 1), FIVE_MINUTES_MS, iso(now - FIVE_MINUTES_MS + 1));
  return {
    medianFirstResponseSeconds7d: week.medianMs === null ? null : Math.round(week.medianMs / 1000),
    answeredWithin5MinShare7d: week.due === 0 ? null : Math.round((week.within / week.due) * 1000) / 1000,
  };
}
