// Runs the retention rule inside each server process: shortly after start, then every hour, and again at
// once while a run finds a full batch (a backlog goes in steps of RETENTION_BATCH, each its own transaction).
// Nothing runs while the rule is off, and several processes take turns (runRetention).
import type { AppDeps } from '../../deps';
import { startRecurring, type Recurring } from '../../lib/recurring';
import { runRetention } from './retention-service';

export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;

/** Runs the rule an hour apart, first a minute after start; stop() waits for a run under way. */
export function startRetentionTimer(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { everyMs = RETENTION_EVERY_MS, firstAfterMs = FIRST_RUN_AFTER_MS } = {},
): Recurring {
  let stopped = false;
  const timer = startRecurring(async () => {
    try {
      for (let run = await runRetention(deps); run?.more && !stopped; run = await runRetention(deps)) {
        // A full batch: more is due. The loop yields between transactions, so requests are served meanwhile.
      }
    } catch (err) {
      deps.logger.error({ err }, 'retention run failed; trying again at the next one');
    }
  }, { everyMs, firstAfterMs });
  return {
    stop: () => {
      stopped = true;
      return timer.stop();
    },
  };
}
