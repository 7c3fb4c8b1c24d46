// Where a server process stands, for GET /readyz and the drain: starting (its migrations not yet known to be
// done), serving, or draining (SIGTERM heard: a load balancer must stop sending new work here). A process is
// ready only while serving and its database answers; /healthz asks none of this (the process is alive).
export type LifecycleState = 'starting' | 'serving' | 'draining';

export class Lifecycle {
  private current: LifecycleState;

  constructor(initial: LifecycleState = 'starting') {
    this.current = initial;
  }

  get state(): LifecycleState {
    return this.current;
  }

  /** The schema is up to date (this process migrated it, or the primary did): requests may be served. */
  serving(): void {
    if (this.current === 'starting') this.current = 'serving';
  }

  /** SIGTERM: from now on /readyz answers 503, for good. */
  drain(): void {
    this.current = 'draining';
  }
}

/** Why a process is not ready, as /readyz says it; null when it is (given that its database answered). */
export function notReadyReason(lifecycle: Lifecycle): string | null {
  if (lifecycle.state === 'starting') return 'migrations pending';
  if (lifecycle.state === 'draining') return 'draining';
  return null;
}
