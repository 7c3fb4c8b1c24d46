// Asks the server, once when the page opens, whether the one-time link this page holds can still be used: the
// first-run setup link, or an invite or reset link (which also says whose it is).
import { useEffect, useState } from 'react';
import type { AccountLinkInfo } from '@contract';
import { checkAccountLink, checkSetupLink, describeFailure } from './auth-api';

type LinkState<T> = { kind: 'checking' } | { kind: 'ready'; link: T } | { kind: 'dead'; message: string };

const MISSING_TOKEN_MESSAGE = 'This setup link is incomplete. Open the full link printed when the server started.';
const INCOMPLETE_LINK_MESSAGE = 'This link is incomplete. Open the whole link your admin gave you.';

function useLinkCheck<T>(token: string | null, check: (token: string) => Promise<T>, incompleteMessage: string) {
  const [state, setState] = useState<LinkState<T>>(token ? { kind: 'checking' } : { kind: 'dead', message: incompleteMessage });
  useEffect(() => {
    if (!token) return;
    let current = true;
    check(token)
      .then((link) => current && setState({ kind: 'ready', link }))
      .catch(async (error) => {
        const { message } = await describeFailure(error);
        if (current) setState({ kind: 'dead', message });
      });
    return () => {
      current = false;
    };
  }, [token, check]);
  return [state, setState] as const;
}

export function useSetupLink(token: string | null) {
  return useLinkCheck(token, checkSetupLink, MISSING_TOKEN_MESSAGE);
}

export function useAccountLink(token: string | null) {
  return useLinkCheck<AccountLinkInfo>(token, checkAccountLink, INCOMPLETE_LINK_MESSAGE);
}
