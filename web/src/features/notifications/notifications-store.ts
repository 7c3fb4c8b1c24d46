// This person's notification choices (on the server, the same on every device) and what this browser allows.
// The browser's permission is asked only when the person turns notifications on, never on load.
import { create } from 'zustand';
import type { NotificationKind, NotificationPreferences } from '@contract';
import { describeError } from '../../lib/server-error';
import { currentPermission, subscribePush, unsubscribePush, type Permission } from './device-notifications';
import { fetchPreferences, savePreferences } from './notifications-api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export const BLOCKED_MESSAGE = 'Notifications are blocked for this site. Allow them in the browser’s site settings, then turn this on again.';
export const UNSUPPORTED_MESSAGE = 'This browser cannot show notifications.';
export const NO_PUSH_MESSAGE = 'This device shows notifications while the app is open; it cannot receive them while the app is closed.';

interface NotificationsState {
  prefs: NotificationPreferences | null;
  status: Status;
  error: string | null;
  /** Why notifications are not (fully) working on this device, shown under the switch. */
  deviceNote: string | null;
  permission: Permission;
  saving: boolean;
  ensureLoaded: () => void;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
  setKind: (kind: NotificationKind, wanted: boolean) => Promise<void>;
  setEmailKind: (kind: NotificationKind, wanted: boolean) => Promise<void>;
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => {
  const save = async (prefs: NotificationPreferences) => {
    set({ saving: true, error: null });
    try {
      set({ prefs: await savePreferences(prefs), saving: false });
      return true;
    } catch (error) {
      set({ saving: false, error: describeError(error) });
      return false;
    }
  };
  return {
    prefs: null,
    status: 'idle',
    error: null,
    deviceNote: null,
    permission: currentPermission(),
    saving: false,

    ensureLoaded: () => {
      if (get().status === 'loading' || get().status === 'ready') return;
      set({ status: 'loading' });
      fetchPreferences()
        .then((prefs) => {
          set({ prefs, status: 'ready', permission: currentPermission() });
          // Already allowed on this device: renew its push subscription under this session (no prompt: the
          // permission was given before). A failure only means no push while the app is closed.
          if (prefs.enabled && currentPermission() === 'granted') void subscribePush().catch(() => undefined);
        })
        .catch((error) => set({ status: 'error', error: describeError(error) }));
    },

    turnOn: async () => {
      if (currentPermission() === 'unsupported') {
        set({ deviceNote: UNSUPPORTED_MESSAGE });
        return;
      }
      // Asked here, on the switch's press, and only here.
      const permission = await Notification.requestPermission();
      set({ permission });
      if (permission !== 'granted') {
        set({ deviceNote: BLOCKED_MESSAGE });
        return;
      }
      const prefs = get().prefs;
      if (!prefs || !(await save({ ...prefs, enabled: true }))) return;
      let pushed = false;
      try {
        pushed = await subscribePush();
      } catch {
        pushed = false;
      }
      set({ deviceNote: pushed ? null : NO_PUSH_MESSAGE });
    },

    turnOff: async () => {
      const prefs = get().prefs;
      if (!prefs || !(await save({ ...prefs, enabled: false }))) return;
      set({ deviceNote: null });
      await unsubscribePush().catch(() => undefined);
    },

    setKind: async (kind, wanted) => {
      const prefs = get().prefs;
      if (prefs) await save({ ...prefs, [kind]: wanted });
    },

    setEmailKind: async (kind, wanted) => {
      const prefs = get().prefs;
      if (prefs) await save({ ...prefs, email: { ...prefs.email, [kind]: wanted } });
    },
  };
});
