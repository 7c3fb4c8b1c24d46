// The signed-in person and the sign-out control (signing out goes to /api/logout). Sign-out first drops
// the service worker's cached admin answers on this device, then navigates: the full page load that follows
// drops every admin store, so no admin data outlives the session.
import type { MouseEvent } from 'react';
import { clearCachedAdminData } from '../../../lib/offline-data';
import { ask } from '../../../lib/events';
import { forgetKnownUser } from '../../../lib/known-user';
import { useCurrentUserStore } from '../current-user-store';

export const LOGOUT_URL = '/api/logout';

export function SignedInUser({ compact = false }: { compact?: boolean }) {
  const user = useCurrentUserStore((s) => s.user);
  return (
    <div className={compact ? 'flex items-center gap-3' : 'space-y-3'}>
      {user ? (
        <div className="min-w-0 text-sm">
          {compact ? (
            // A phone's top bar has room for a first name; the full name is there for screen readers.
            <p className="truncate font-medium text-slate-900">
              <span aria-hidden="true">{firstName(user.name) || user.email}</span>
              <span className="sr-only">Signed in as {user.name || user.email}</span>
            </p>
          ) : (
            <>
              <p className="truncate font-medium text-slate-900">{user.name || user.email}</p>
              <p className="truncate text-slate-500">{user.email}</p>
            </>
          )}
        </div>
      ) : null}
      <a
        href={LOGOUT_URL}
        onClick={signOut}
        className="inline-flex shrink-0 items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Sign out
      </a>
    </div>
  );
}

function signOut(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  signOutThisDevice();
}

/** Signs this device out: its cached admin data goes first, then the session (also the Devices screen's "Sign out this device"). */
export function signOutThisDevice(): void {
  const proceed = () => {
    forgetKnownUser();
    void clearCachedAdminData().finally(() => window.location.assign(LOGOUT_URL));
  };
  // A screen may hold sign-out up (captures not sent yet) and let it go on from its own dialog.
  if (!ask({ type: 'sign-out', proceed })) proceed();
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
