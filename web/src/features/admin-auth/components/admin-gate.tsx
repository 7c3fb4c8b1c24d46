// Shows an admin screen only to a signed-in admin, or to the roles a screen names (the event
// capture screen lets reps in too). While the user loads: a loading state. Signed out: the
// Unauthorized toast and, 500 ms later, /api/login. A rep on an admin-only screen: a plain notice, with the
// way to the capture screen, instead of screens whose every call the server would refuse with 403.
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserRole } from '@contract';
import { sessionExpired, type UnauthorizedWording } from '../../../lib/session-expired';
import { accessFor, useCurrentUserStore } from '../current-user-store';
import { AccessNotice } from './access-notice';

const ADMIN_ONLY: readonly UserRole[] = ['admin'];
export const CAPTURE_PATH = '/admin/capture';

interface AdminGateProps {
  wording: UnauthorizedWording;
  /** Who may use the screen; admins only unless it says otherwise. */
  roles?: readonly UserRole[];
  /**
   * Show the screen even when the sign-in check could not reach the server: for screens that work on
   * local data (event capture). Anything they send waits in the outbox for a session anyway.
   */
  worksOffline?: boolean;
  children: ReactNode;
}

export function AdminGate({ wording, roles = ADMIN_ONLY, worksOffline = false, children }: AdminGateProps) {
  const access = useCurrentUserStore((s) => accessFor(s, roles));
  const error = useCurrentUserStore((s) => s.error);
  const networkError = useCurrentUserStore((s) => s.networkError);
  const role = useCurrentUserStore((s) => s.user?.role);
  const reload = useCurrentUserStore((s) => s.load);
  const navigate = useNavigate();

  useEffect(() => {
    void useCurrentUserStore.getState().ensureLoaded();
  }, []);

  useEffect(() => {
    if (access === 'signed-out') sessionExpired(wording);
  }, [access, wording]);

  switch (access) {
    case 'admin':
      return <>{children}</>;
    case 'loading':
      return <AccessNotice busy title="Checking your sign-in..." />;
    case 'signed-out':
      return <AccessNotice busy title="You are logged out" body="Taking you to the sign-in page..." />;
    case 'not-admin':
      return role === 'rep' ? (
        <AccessNotice
          title="This area is for admins"
          body="Your account is for capturing leads at events. The lead dashboard, samples, pricing and team screens need an admin account."
          action={{ label: 'Go to Event Capture', onClick: () => navigate(CAPTURE_PATH) }}
        />
      ) : (
        <AccessNotice
          title="This area is for admins"
          body="Your account can sign in, but the lead dashboard, samples, pricing and team screens need an admin account. Ask an admin to change your role if you need them."
        />
      );
    case 'error':
      if (worksOffline && networkError) return <>{children}</>;
      return (
        <AccessNotice
          title="We could not check your sign-in"
          body={`The server did not answer as expected (${error ?? 'unknown error'}).`}
          action={{ label: 'Try again', onClick: () => void reload() }}
        />
      );
  }
}
