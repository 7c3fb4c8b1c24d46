// Suspected spam nobody released is deleted after QUARANTINE_DAYS: it was never counted, synced or shown by
// default, and keeping a bot's junk (or a stranger's personal data) longer serves nobody. Two triggers, one
// rule: a timer in each server process (hourly, so spam is deleted on time even when no submission arrives),
// and the public submissions themselves (at most once a minute per process, so a flood is trimmed as it comes).
// Each kind of submission that keeps a quarantine deletes its own rows (SubmissionKind.deleteQuarantined).
import type { Logger } from 'pino';
import { QUARANTINE_DAYS } from '../contract';
import type { Db } from '../db/knex';
import { atMostEvery, startRecurring, type Recurring } from '../lib/recurring';

/** What the purge needs of a kind of submission. */
export interface QuarantineKeeper {
  scope: string;
  /** Deletes its suspected spam stored before `beforeIso`; answers how many. Absent: the kind keeps none. */
  deleteQuarantined?: ((db: Db, beforeIso: string) => Promise<number>) | undefined;
}

export interface PurgeDeps {
  db: Db;
  clock: () => Date;
  logger: Logger;
  submissions: { readonly kinds: readonly QuarantineKeeper[] };
}

const QUARANTINE_PURGE_TIMER_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const purgeDue = atMostEvery(60_000);

/** Deletes the suspected spam older than QUARANTINE_DAYS; how many went, by kind (scope). */
async function purgeQuarantine({ db, clock, submissions }: PurgeDeps): Promise<Record<string, number>> {
  const before = new Date(clock().getTime() - QUARANTINE_DAYS * DAY_MS).toISOString();
  const keepers = submissions.kinds.filter((kind) => kind.deleteQuarantined);
  const counts = await Promise.all(keepers.map((kind) => kind.deleteQuarantined!(db, before)));
  return Object.fromEntries(keepers.map((kind, i) => [kind.scope, counts[i]!]));
}

export function maybePurgeQuarantine(deps: PurgeDeps): void {
  if (!purgeDue.due(deps.db, deps.clock().getTime())) return;
  void purgeQuarantine(deps).catch((err: unknown) => deps.logger.warn({ err }, 'purging old suspected spam failed'));
}

/** The hourly purge, first run a minute after start; stop() waits for a purge under way. */
export function startQuarantinePurgeTimer(deps: PurgeDeps, { everyMs = QUARANTINE_PURGE_TIMER_MS, firstAfterMs = 60_000 } = {}): Recurring {
  return startRecurring(
    () =>
      purgeQuarantine(deps).then(
        (gone) => {
          if (Object.values(gone).some((n) => n > 0)) deps.logger.info(gone, 'old suspected spam deleted');
        },
        (err: unknown) => deps.logger.warn({ err }, 'purging old suspected spam failed; trying again at the next run'),
      ),
    { everyMs, firstAfterMs },
  );
}
