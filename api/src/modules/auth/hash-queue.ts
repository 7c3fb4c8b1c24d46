// The one gate in front of every password hash of the process (sign-in, first-run setup, invites, resets). Each
// hash holds 128 MiB and a libuv worker thread for about 0.3 s, so a few run at once (LOGIN_MAX_CONCURRENT_HASHES)
// and the others wait their turn. A caller on an open door (sign-in) also bounds how many may wait: anyone beyond
// that is told to come back in a moment (503 with Retry-After) at the cost of nothing but a counter, so a flood
// of sign-ins cannot pile up memory or delay every other request that needs a worker thread (file reads, DNS).
import { AppError } from '../../http/errors';

export const SIGN_IN_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private maxConcurrent: number) {}

  /** Sets how many hashes run at once; waiting hashes start at once if the new size has room for them. */
  resize(maxConcurrent: number): void {
    this.maxConcurrent = maxConcurrent;
    while (this.running < this.maxConcurrent && this.waiting.length) {
      this.running++;
      this.waiting.shift()!();
    }
  }

  /** True when an arrival allowed `maxQueued` waiters would be refused: lets the caller refuse before any other work. */
  isFull(maxQueued: number): boolean {
    return this.running >= this.maxConcurrent && this.waiting.length >= maxQueued;
  }

  /** Runs `work` when a slot is free; with `maxQueued`, throws 503 at once when that many already wait. */
  async run<T>(work: () => Promise<T>, maxQueued = Infinity): Promise<T> {
    if (this.running < this.maxConcurrent) {
      this.running++;
    } else {
      if (this.waiting.length >= maxQueued) throw busy();
      // The slot is handed over by the finishing run, so `running` already counts this one when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.running <= this.maxConcurrent ? this.waiting.shift() : undefined;
      if (next) next();
      else this.running--;
    }
  }
}

export const busy = () => new AppError('unavailable', SIGN_IN_BUSY_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
