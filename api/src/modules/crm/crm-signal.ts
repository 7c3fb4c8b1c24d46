// Wakes this process's sync workers as soon as a transaction holding new jobs commits, so a lead reaches the
// CRM in milliseconds instead of at the next poll. Jobs queued by other processes are found by polling.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onCrmJobsCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyCrmJobsCommitted(): void {
  for (const listener of listeners) listener();
}
