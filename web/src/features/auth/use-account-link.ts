// Asks the server whose invite or reset link this page holds, once, when the page opens.
import { useEffect, useState } from 'react';
import type { AccountLinkInfo } from '@contract';
import { checkAccountLink, describeFailure } from './auth-api';

export type AccountLinkState = { kind: 'checking' } | { kind: 'ready'; link: AccountLinkInfo } | { kind: 'dead'; message: string };

export const INCOMPLETE_LINK_MESSAGE = 'This link is incomplete. Open the whole link your admin gave you.';

export function useAccountLink(token: string | null) {
  const [state, setState] = useState<AccountLinkState>(token ? { kind: 'checking' } : { kind: 'dead', message: INCOMPLETE_LINK_MESSAGE });
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkAccountLink(token)
      .then((link) => current && setState({ kind: 'ready', link }))
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
