// Suspected spam nobody released is deleted after QUARANTINE_DAYS: it was never counted, synced or shown by
// default, and keeping a bot's junk (or a stranger's personal data) longer serves nobody. Two triggers, one
// rule: a timer in each server process (hourly, so spam is deleted on time even when no submission arrives),
// and the public submissions themselves (at most once a minute per process, so a flood is trimmed as it comes).
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/knex';
import { startRecurring, type Recurring } from '../../lib/recurring';
import { QUARANTINE_DAYS } from '../../contract';
import { deleteQuarantinedLeads } from '../leads/leads-queries';
import { deleteQuarantinedSampleRequests } from '../samples/samples-queries';

type PurgeDeps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

const PURGE_EVERY_MS = 60_000;
const QUARANTINE_PURGE_TIMER_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const lastPurge = new WeakMap<Db, number>();

/** Deletes the suspected spam older than QUARANTINE_DAYS; how many leads and sample requests went. */
async function purgeQuarantine({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<{ leads: number; sampleRequests: number }> {
  const before = new Date(clock().getTime() - QUARANTINE_DAYS * DAY_MS).toISOString();
  const [leads, sampleRequests] = await Promise.all([deleteQuarantinedLeads(db, before), deleteQuarantinedSampleRequests(db, before)]);
  return { leads, sampleRequests };
}

export function maybePurgeQuarantine(deps: PurgeDeps): void {
  const now = deps.clock().getTime();
  const last = lastPurge.get(deps.db);
  if (last !== undefined && now - last < PURGE_EVERY_MS && now >= last) return;
  lastPurge.set(deps.db, now);
  void purgeQuarantine(deps).catch((err: unknown) => deps.logger.warn({ err }, 'purging old suspected spam failed'));
}

/** The hourly purge, first run a minute after start; stop() waits for a purge under way. */
export function startQuarantinePurgeTimer(deps: PurgeDeps, { everyMs = QUARANTINE_PURGE_TIMER_MS, firstAfterMs = 60_000 } = {}): Recurring {
  return startRecurring(
    () =>
      purgeQuarantine(deps).then(
        (gone) => {
          if (gone.leads || gone.sampleRequests) deps.logger.info(gone, 'old suspected spam deleted');
        },
        (err: unknown) => deps.logger.warn({ err }, 'purging old suspected spam failed; trying again at the next run'),
      ),
    { everyMs, firstAfterMs },
  );
}
