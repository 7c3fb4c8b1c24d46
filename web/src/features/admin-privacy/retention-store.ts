// The retention rule on the privacy screen: the saved setting and its last run, the form's values, and the
// preview of what a run with the form's period would erase now.
import { create } from 'zustand';
import { RETENTION_MONTHS_MAX, type RetentionPreview, type RetentionStatus } from '@contract';
import { notifyError, notifySuccess } from '../../lib/toast';
import { fetchRetention, previewRetention, saveRetention } from './privacy-api';
import { failed } from './failure';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface RetentionState {
  status: Status;
  error: string | null;
  saved: RetentionStatus | null;
  /** The form: on or off, and the period as typed. */
  enabled: boolean;
  months: string;
  monthsError: string | null;
  preview: RetentionPreview | null;
  previewing: boolean;
  saving: boolean;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  setEnabled: (enabled: boolean) => void;
  setMonths: (months: string) => void;
  showPreview: () => Promise<void>;
  save: () => Promise<void>;
}

/** The period as typed, or the message the field shows. */
function parseMonths(text: string): number | string {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n)) return 'Months must be a whole number';
  if (n < 1) return 'Months must be 1 or more';
  if (n > RETENTION_MONTHS_MAX) return `Months must be at most ${RETENTION_MONTHS_MAX}`;
  return n;
}

export const useRetentionStore = create<RetentionState>()((set, get) => ({
  status: 'idle',
  error: null,
  saved: null,
  enabled: false,
  months: '',
  monthsError: null,
  preview: null,
  previewing: false,
  saving: false,

  ensureLoaded: () => {
    if (get().status === 'idle') void get().load();
  },

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      const saved = await fetchRetention();
      set({ status: 'ready', saved, enabled: saved.enabled, months: String(saved.months) });
    } catch (error) {
      set({ status: 'error', error: failed(error) });
    }
  },

  setEnabled: (enabled) => set({ enabled }),
  setMonths: (months) => set({ months, monthsError: null, preview: null }),

  showPreview: async () => {
    const months = parseMonths(get().months);
    if (typeof months === 'string') return set({ monthsError: months });
    set({ previewing: true });
    try {
      set({ preview: await previewRetention(months) });
    } catch (error) {
      notifyError('Failed to preview', failed(error));
    } finally {
      set({ previewing: false });
    }
  },

  save: async () => {
    const months = parseMonths(get().months);
    if (typeof months === 'string') return set({ monthsError: months });
    set({ saving: true });
    try {
      const saved = await saveRetention({ enabled: get().enabled, months });
      set({ saved, enabled: saved.enabled, months: String(saved.months) });
      notifySuccess(saved.enabled ? `Records older than ${saved.months} months will be erased` : 'Automatic erasure is off');
    } catch (error) {
      notifyError('Failed to save', failed(error));
    } finally {
      set({ saving: false });
    }
  },
}));
