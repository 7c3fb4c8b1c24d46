// Work that takes turns: at most `limit` runs at once, the others wait in the order they came. A caller on an open
// door may also bound the waiting, and is refused at once beyond it (`whenFull`), at the cost of nothing but a
// counter. Password hashes (128 MiB each) and Web Push requests both go through one of these.
export interface WaitBound {
  /** How many may wait; one more is refused. */
  maxWaiting: number;
  /** The error a refused caller gets. */
  whenFull: () => Error;
}

export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {}

  /** Sets how many run at once; waiting runs start at once if the new size has room for them. */
  resize(limit: number): void {
    this.limit = limit;
    while (this.running < this.limit && this.waiting.length) {
      this.running++;
      this.waiting.shift()!();
    }
  }

  /** True when an arrival allowed `maxWaiting` waiters would be refused: lets the caller refuse before any other work. */
  isFull(maxWaiting: number): boolean {
    return this.running >= this.limit && this.waiting.length >= maxWaiting;
  }

  /** Runs `work` when a turn is free; with a bound, refuses at once when that many already wait. */
  async run<T>(work: () => Promise<T>, bound?: WaitBound): Promise<T> {
    if (this.running < this.limit) {
      this.running++;
    } else {
      if (bound && this.waiting.length >= bound.maxWaiting) throw bound.whenFull();
      // The turn is handed over by the finishing run, so `running` already counts this one when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.running <= this.limit ? this.waiting.shift() : undefined;
      if (next) next();
      else this.running--;
    }
  }
}
