// Runs the retention rule inside each server process: shortly after start, then every hour, and again at
// once while a run finds a full batch (a backlog goes in steps of RETENTION_BATCH, each its own transaction).
// Nothing runs while the rule is off, and several processes take turns (runRetention).
import type { AppDeps } from '../../deps';
import { runRetention } from './retention-service';

export interface RetentionTimer {
  /** Stops the timer and waits for a run under way (graceful shutdown). */
  stop: () => Promise<void>;
}

export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;

export function startRetentionTimer(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { everyMs = RETENTION_EVERY_MS, firstAfterMs = FIRST_RUN_AFTER_MS } = {},
): RetentionTimer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runAll().then(() => schedule(everyMs));
    }, ms);
    timer.unref();
  };

  async function runAll(): Promise<void> {
    try {
      for (let run = await runRetention(deps); run?.more && !stopped; run = await runRetention(deps)) {
        // A full batch: more is due. The loop yields between transactions, so requests are served meanwhile.
      }
    } catch (err) {
      deps.logger.error({ err }, 'retention run failed; trying again at the next one');
    }
  }

  schedule(firstAfterMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
