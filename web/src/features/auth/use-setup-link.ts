// Asks the server whether this page's setup link is still good, once, when the page opens.
import { useEffect, useState } from 'react';
import { checkSetupLink, describeFailure } from './auth-api';

export type SetupLinkState = { kind: 'checking' } | { kind: 'ready' } | { kind: 'dead'; message: string };

export const MISSING_TOKEN_MESSAGE = 'This setup link is incomplete. Open the full link printed when the server started.';

export function useSetupLink(token: string | null) {
  const [state, setState] = useState<SetupLinkState>(token ? { kind: 'checking' } : { kind: 'dead', message: MISSING_TOKEN_MESSAGE });
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkSetupLink(token)
      .then(() => current && setState({ kind: 'ready' }))
      .catch(async (error) => {
        const { message } = await describeFailure(error);
        if (current) setState({ kind: 'dead', message });
      });
    return () => {
      current = false;
    };
  }, [token]);
  return [state, setState] as const;
}
