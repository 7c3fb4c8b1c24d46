// A bounded queue in front of sign-in's password hash. Each hash holds 128 MiB and a libuv worker thread for
// about 0.3 s, so an unbounded queue let a flood of sign-ins pile up memory and delay every other request that
// needs a worker thread (file reads, DNS). A few run at once, a few wait; anyone beyond that is told to come
// back in a moment (503 with Retry-After) at the cost of nothing but a counter.
import { AppError } from '../../http/errors';

export const SIGN_IN_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueued: number,
  ) {}

  /** True when a new arrival would be refused: lets the caller refuse before doing any other work. */
  get full(): boolean {
    return this.running >= this.maxConcurrent && this.waiting.length >= this.maxQueued;
  }

  /** Runs `work` when a slot is free; throws 503 at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.maxConcurrent) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxQueued) throw busy();
      // The slot is handed over by the finishing run, so `running` already counts this one when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export const busy = () => new AppError('unavailable', SIGN_IN_BUSY_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
