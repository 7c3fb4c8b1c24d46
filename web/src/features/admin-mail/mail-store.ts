// The Mail screen's state: the overview of the filter shown (a newer filter's answer wins over an older one's),
// which message is being retried, the test e-mail, and the visitor-confirmation setting.
import { create } from 'zustand';
import type { MailListFilter, MailOverview, MailSettings } from '@contract';
import { notifyError, notifySuccess } from '../../lib/toast';
import { fetchMailOverview, fetchMailSettings, retryMail, saveMailSettings, sendTestMail } from './mail-api';
import { failed } from './failure';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface MailState {
  filter: MailListFilter;
  status: Status;
  error: string | null;
  overview: MailOverview | null;
  retrying: number | null;
  sendingTest: boolean;
  settings: MailSettings | null;
  settingsError: string | null;
  savingSettings: boolean;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  setFilter: (filter: MailListFilter) => void;
  retry: (id: number) => Promise<void>;
  sendTest: () => Promise<void>;
  loadSettings: () => Promise<void>;
  setVisitorConfirmation: (on: boolean) => Promise<void>;
}

let loads = 0;

export const useMailStore = create<MailState>()((set, get) => ({
  filter: 'all',
  status: 'idle',
  error: null,
  overview: null,
  retrying: null,
  sendingTest: false,
  settings: null,
  settingsError: null,
  savingSettings: false,

  // Each visit reads the list afresh (mail moves on while the screen is closed); what was shown stays meanwhile.
  ensureLoaded: () => {
    if (get().status !== 'loading') void get().load();
    if (!get().settings) void get().loadSettings();
  },

  load: async () => {
    const mine = ++loads;
    // The list on screen stays while a refresh runs; only a first load shows the loading state.
    set((s) => ({ status: s.overview ? s.status : 'loading', error: null }));
    try {
      const overview = await fetchMailOverview(get().filter);
      if (mine === loads) set({ overview, status: 'ready' });
    } catch (error) {
      if (mine === loads) set({ status: 'error', error: failed(error) });
    }
  },

  setFilter: (filter) => {
    if (filter === get().filter) return;
    set({ filter });
    void get().load();
  },

  retry: async (id) => {
    set({ retrying: id });
    try {
      await retryMail(id);
      notifySuccess('Queued to be sent again');
    } catch (error) {
      notifyError('Failed to retry', failed(error));
    } finally {
      set({ retrying: null });
    }
    await get().load();
  },

  sendTest: async () => {
    set({ sendingTest: true });
    try {
      await sendTestMail();
      notifySuccess('Test e-mail queued', 'It goes to your own address; see it below.');
    } catch (error) {
      notifyError('Failed to send the test e-mail', failed(error));
    } finally {
      set({ sendingTest: false });
    }
    await get().load();
  },

  loadSettings: async () => {
    set({ settingsError: null });
    try {
      set({ settings: await fetchMailSettings() });
    } catch (error) {
      set({ settingsError: failed(error) });
    }
  },

  setVisitorConfirmation: async (on) => {
    const before = get().settings;
    if (!before) return;
    set({ settings: { ...before, visitorConfirmation: on }, savingSettings: true });
    try {
      const saved = await saveMailSettings({ ...before, visitorConfirmation: on });
      set({ settings: saved });
      notifySuccess(saved.visitorConfirmation ? 'Visitors now get a confirmation' : 'Visitors no longer get a confirmation');
    } catch (error) {
      set({ settings: before });
      notifyError('Failed to save', failed(error));
    } finally {
      set({ savingSettings: false });
    }
  },
}));
