// Who is signed in (GET /api/auth/user, asked once, never retried). A 401 is an answer, not a failure: it means
// "nobody", and the admin gate turns that into the Unauthorized toast and the trip to /api/login.
import { create } from 'zustand';
import type { CurrentUser, UserRole } from '@contract';
import { apiClient } from '../../lib/api-client';
import { errorMessage, errorStatus } from '../../lib/server-error';
import { forgetKnownUser, readKnownUser, rememberKnownUser, type KnownUser } from '../../lib/known-user';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface CurrentUserState {
  user: CurrentUser | null;
  status: Status;
  error: string | null;
  /** The check failed for want of network (no HTTP answer at all), not because the server said no. */
  networkError: boolean;
  /** Offline (networkError): the last account known to be signed in on this device, for screens that work offline. */
  offlineUser: KnownUser | null;
  /** Loads once per page; later screens of the same visit reuse the answer. */
  ensureLoaded: () => Promise<void>;
  load: () => Promise<void>;
}

export const useCurrentUserStore = create<CurrentUserState>()((set, get) => ({
  user: null,
  status: 'idle',
  error: null,
  networkError: false,
  offlineUser: null,
  ensureLoaded: async () => {
    if (get().status === 'idle') await get().load();
  },
  load: async () => {
    set({ status: 'loading', error: null, networkError: false, offlineUser: null });
    try {
      const user = await apiClient.get('/api/auth/user').json<CurrentUser>();
      rememberKnownUser({ id: user.id, name: user.name || user.email });
      set({ user, status: 'ready' });
    } catch (error) {
      if (errorStatus(error) === 401) {
        forgetKnownUser();
        set({ user: null, status: 'ready' });
      } else {
        const networkError = errorStatus(error) === null;
        set({ user: null, status: 'error', error: errorMessage(error), networkError, offlineUser: networkError ? readKnownUser() : null });
      }
    }
  },
}));

export type AdminAccess = 'loading' | 'signed-out' | 'not-admin' | 'admin' | 'error';

/** The question every staff screen asks before it shows or fetches anything: may this account use a screen open to these roles ('admin' in the answer means "may use this screen")? */
export function accessFor(state: CurrentUserState, roles: readonly UserRole[]): AdminAccess {
  if (state.status === 'idle' || state.status === 'loading') return 'loading';
  if (state.status === 'error') return 'error';
  if (!state.user) return 'signed-out';
  return roles.includes(state.user.role) ? 'admin' : 'not-admin';
}
