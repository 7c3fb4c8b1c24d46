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

/**
 * Upkeep that traffic triggers (dropping old answers, purging spam, sweeping expired rows): `due(scope, nowMs)` is
 * true at most once per `everyMs` for each scope (a database), so a burst of requests costs one run and no scheduler
 * is needed. A clock that went backwards makes it due again; `forget` makes it due at once (a run that failed).
 */
export interface Throttle {
  due(scope: object, nowMs: number): boolean;
  forget(scope: object): void;
}

export function atMostEvery(everyMs: number): Throttle {
  const last = new WeakMap<object, number>();
  return {
    due(scope, nowMs) {
      const previous = last.get(scope);
      if (previous !== undefined && nowMs - previous < everyMs && nowMs >= previous) return false;
      last.set(scope, nowMs);
      return true;
    },
    forget(scope) {
      last.delete(scope);
    },
  };
}
