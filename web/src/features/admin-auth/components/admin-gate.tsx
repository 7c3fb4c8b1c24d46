// Shows an admin screen only to a signed-in admin (spec §6). While the user loads: a loading state. Signed
// out: the Unauthorized toast and, 500 ms later, /api/login. A rep: a plain notice instead of screens whose
// every call the server would refuse with 403.
import { useEffect, type ReactNode } from 'react';
import { sessionExpired, type UnauthorizedWording } from '../../../lib/session-expired';
import { selectAccess, useCurrentUserStore } from '../current-user-store';
import { AccessNotice } from './access-notice';

interface AdminGateProps {
  wording: UnauthorizedWording;
  children: ReactNode;
}

export function AdminGate({ wording, children }: AdminGateProps) {
  const access = useCurrentUserStore(selectAccess);
  const error = useCurrentUserStore((s) => s.error);
  const reload = useCurrentUserStore((s) => s.load);

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
      return (
        <AccessNotice
          title="This area is for admins"
          body="Your account can sign in, but the lead dashboard, samples and pricing screens need an admin account. Ask an admin to change your role if you need them."
        />
      );
    case 'error':
      return (
        <AccessNotice
          title="We could not check your sign-in"
          body={`The server did not answer as expected (${error ?? 'unknown error'}).`}
          action={{ label: 'Try again', onClick: () => void reload() }}
        />
      );
  }
}
