// One replay at a time across tabs and the service worker: a Web Lock. Browsers without Web Locks get a
// per-context lock; the Idempotency-Key still makes a concurrent duplicate harmless on the server.
import { OUTBOX_LOCK_NAME } from '../cache-names';

let localTail: Promise<unknown> = Promise.resolve();

export async function withOutboxLock<T>(fn: () => Promise<T>, opts: { ifAvailable?: boolean } = {}): Promise<T | undefined> {
  // `navigator` is a Navigator in pages and a WorkerNavigator in the service worker; both may have locks.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) {
    return locks.request(OUTBOX_LOCK_NAME, { ifAvailable: opts.ifAvailable ?? false }, async (lock: Lock | null) => (lock ? fn() : undefined)) as Promise<T | undefined>;
  }
  const run = localTail.then(fn, fn);
  localTail = run.catch(() => undefined);
  return run;
}
