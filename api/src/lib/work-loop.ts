// The loop a queue's worker runs inside each server process: take a batch of due jobs, and when there was none,
// sleep until the next job is due, the poll interval ends (jobs other processes queued), or a nudge says a job
// was queued here (its transaction committed), whichever comes first. stop() lets the batch in hand finish.
// The CRM sync and the mail queue both run on it; what a batch is, and when the next job is due, is theirs.
export interface WorkLoopParts {
  /** Takes and handles one batch; answers how many jobs it took (0: nothing was due). */
  runOnce: () => Promise<number>;
  /** Milliseconds until the next job is due, at most the poll interval. */
  msUntilNextDue: () => Promise<number>;
  /** A batch that threw (the database away a moment): logged, and the loop goes on after an idle wait. */
  onError: (err: unknown) => void;
}

export class WorkLoop {
  private running = false;
  private done: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private nudged = false;

  constructor(private readonly parts: WorkLoopParts) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.loop();
  }

  /** Stops taking batches and waits for the one in hand (graceful shutdown). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.nudge();
    await this.done;
  }

  /** Something became due here: look again now rather than at the end of the wait. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.nudged = false;
      let taken = 0;
      try {
        taken = await this.parts.runOnce();
      } catch (err) {
        this.parts.onError(err);
      }
      if (!this.running) break;
      if (taken > 0 || this.nudged) continue;
      await this.idle(await this.parts.msUntilNextDue());
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
