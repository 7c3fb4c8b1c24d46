// Suspected spam nobody released is deleted after QUARANTINE_DAYS: it was never counted, synced or shown by
// default, and keeping a bot's junk (or a stranger's personal data) longer serves nobody. Run from the public
// submissions themselves, at most once a minute per process, so no scheduler is needed.
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/knex';
import { QUARANTINE_DAYS } from '../../contract';
import { deleteQuarantinedLeads } from '../leads/leads-queries';
import { deleteQuarantinedSampleRequests } from '../samples/samples-queries';

const PURGE_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const lastPurge = new WeakMap<Db, number>();

export function maybePurgeQuarantine({ db, clock, logger }: Pick<AppDeps, 'db' | 'clock' | 'logger'>): void {
  const now = clock().getTime();
  const last = lastPurge.get(db);
  if (last !== undefined && now - last < PURGE_EVERY_MS && now >= last) return;
  lastPurge.set(db, now);
  const before = new Date(now - QUARANTINE_DAYS * DAY_MS).toISOString();
  void Promise.all([deleteQuarantinedLeads(db, before), deleteQuarantinedSampleRequests(db, before)]).catch((err: unknown) =>
    logger.warn({ err }, 'purging old suspected spam failed'),
  );
}
