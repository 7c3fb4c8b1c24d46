// Wakes this process's mail worker as soon as a transaction holding new messages commits, so an alert leaves in
// milliseconds instead of at the next poll. Messages queued by other processes are found by polling.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onMailQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyMailQueued(): void {
  for (const listener of listeners) listener();
}
