// Work a server process repeats on its own (purges, retention): first a while after start, then at a fixed
// interval counted from the end of each run, so runs never overlap. The timer never keeps the process alive,
// and stop() waits for a run under way, for a graceful shutdown. `work` handles its own errors.
export interface Recurring {
  stop: () => Promise<void>;
}

export function startRecurring(work: () => Promise<void>, { everyMs, firstAfterMs }: { everyMs: number; firstAfterMs: number }): Recurring {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = work().then(() => schedule(everyMs));
    }, ms);
    timer.unref();
  };
  schedule(firstAfterMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
