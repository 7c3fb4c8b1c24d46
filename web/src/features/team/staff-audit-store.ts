// The staff audit log as the Team screen shows it: one page at a time, newest first, for the chosen action and
// person. Only read: the log has no way to change a line.
import { create } from 'zustand';
import type { StaffAuditEntry } from '@contract';
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';
import { fetchStaffAuditPage, type StaffAuditFilters } from './team-api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface StaffAuditState {
  filters: StaffAuditFilters;
  entries: StaffAuditEntry[];
  next: string | null;
  status: Status;
  error: string | null;
  loadingMore: boolean;
  loadMoreError: string | null;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  /** After a change elsewhere on the screen: read again, if the log was ever read. */
  reloadIfShown: () => Promise<void>;
  setFilters: (filters: Partial<StaffAuditFilters>) => Promise<void>;
  loadMore: () => Promise<void>;
}

function failed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  return describeError(error);
}

// An answer to an older request (the filters changed since) is dropped.
let request = 0;

export const useStaffAuditStore = create<StaffAuditState>()((set, get) => ({
  filters: { action: '', actor: '' },
  entries: [],
  next: null,
  status: 'idle',
  error: null,
  loadingMore: false,
  loadMoreError: null,

  ensureLoaded: () => {
    if (get().status === 'idle') void get().load();
  },

  load: async () => {
    const mine = ++request;
    set({ status: 'loading', error: null, loadMoreError: null, loadingMore: false });
    try {
      const page = await fetchStaffAuditPage(get().filters);
      if (mine === request) set({ entries: page.entries, next: page.next, status: 'ready' });
    } catch (error) {
      if (mine === request) set({ status: 'error', error: failed(error) });
    }
  },

  reloadIfShown: async () => {
    if (get().status !== 'idle') await get().load();
  },

  setFilters: async (filters) => {
    set({ filters: { ...get().filters, ...filters } });
    await get().load();
  },

  loadMore: async () => {
    const { next, loadingMore } = get();
    if (!next || loadingMore) return;
    const mine = request;
    set({ loadingMore: true, loadMoreError: null });
    try {
      const page = await fetchStaffAuditPage(get().filters, next);
      if (mine === request) set({ entries: [...get().entries, ...page.entries], next: page.next, loadingMore: false });
    } catch (error) {
      if (mine === request) set({ loadingMore: false, loadMoreError: failed(error) });
    }
  },
}));
