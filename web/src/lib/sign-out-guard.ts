// Lets a screen hold up signing out, e.g. the event capture screen while captures wait to be sent (issue 6).
// The sign-out control (features/admin-auth) asks the guard before it leaves; the guard either lets it go
// (false) or takes over (true) and later calls `proceed` itself, say from a warning dialog. Features never
// import each other, so the two meet here.
export type SignOutGuard = (proceed: () => void) => boolean;

let current: SignOutGuard | null = null;

/** Installs the guard while a screen is mounted; the returned function removes it again. */
export function setSignOutGuard(guard: SignOutGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** True when a guard took over: the caller must not sign out now. */
export function holdSignOut(proceed: () => void): boolean {
  return current ? current(proceed) : false;
}
