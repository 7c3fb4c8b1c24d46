// The dashboard's data: the leads shown (one page or more, for the current search and status filter) and
// the stats. Both are refreshed when a lead is submitted from the public form, in this tab or another.
import { create } from 'zustand';
import type { LeadsState } from './leads-state';
import type { CrmStatus, EventSummary, Lead, Stats } from '@contract';
import { describeError, errorMessage, isUnauthorized } from '../../lib/server-error';
import { notifyError, notifySuccess } from '../../lib/toast';
import { subscribe } from '../../lib/events';
import { isLiveOpen } from '../../lib/live-stream';
import { applyHeldLiveEvents, applyLiveEvent, reloadAfterGap } from './live-leads';
import { sessionExpired } from '../../lib/session-expired';
import { fetchCrmStatus, fetchEvents, fetchLeadsPage, fetchStats, releaseLead, retryLeadSync, type LeadFilters } from './leads-api';


function messageOf(error: unknown): string {
  return describeError(error);
}

/** The dashboard words a lost session with the titled toast. */
function failed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  return messageOf(error);
}

// Each list request gets a number; an answer that arrives after a newer request started (the person typed
// on) is dropped, so the table always matches the filters shown.
let leadsRequest = 0;

export const useLeadsStore = create<LeadsState>()((set, get) => ({
  filters: { q: '', status: '', event: '', rating: '', followUp: '', interest: '', spam: false },
  leads: [],
  next: null,
  leadsStatus: 'idle',
  leadsError: null,
  loadingMore: false,
  loadMoreError: null,
  stats: null,
  statsStatus: 'idle',
  statsError: null,
  events: [],
  crm: null,
  retrying: new Set(),
  newIds: new Set(),
  liveVersion: 0,

  markSeen: (id) => {
    if (!get().newIds.has(id)) return;
    const newIds = new Set(get().newIds);
    newIds.delete(id);
    set({ newIds });
  },

  ensureLoaded: () => {
    if (get().leadsStatus === 'idle') {
      void get().loadLeads();
      void get().loadEvents();
    }
    if (get().statsStatus === 'idle') {
      void get().loadStats();
      void get().loadCrmStatus();
    }
  },

  setFilters: async (filters) => {
    set({ filters: { ...get().filters, ...filters } });
    await get().loadLeads();
  },

  loadLeads: async () => {
    const request = ++leadsRequest;
    set({ leadsStatus: 'loading', leadsError: null, loadMoreError: null, loadingMore: false });
    try {
      const page = await fetchLeadsPage(get().filters);
      if (request !== leadsRequest) return;
      set({ leads: page.leads, next: page.next, leadsStatus: 'ready' });
      applyHeldLiveEvents(useLeadsStore);
    } catch (error) {
      if (request === leadsRequest) set({ leadsStatus: 'error', leadsError: failed(error) });
    }
  },

  loadMore: async () => {
    const { next, loadingMore } = get();
    if (!next || loadingMore) return;
    const request = leadsRequest;
    set({ loadingMore: true, loadMoreError: null });
    try {
      const page = await fetchLeadsPage(get().filters, next);
      if (request === leadsRequest) set({ leads: [...get().leads, ...page.leads], next: page.next, loadingMore: false });
    } catch (error) {
      if (request === leadsRequest) set({ loadingMore: false, loadMoreError: failed(error) });
    }
  },

  loadEvents: async () => {
    try {
      set({ events: await fetchEvents() });
    } catch (error) {
      if (isUnauthorized(error)) sessionExpired('titled');
    }
  },

  loadCrmStatus: async () => {
    try {
      set({ crm: await fetchCrmStatus() });
    } catch (error) {
      if (isUnauthorized(error)) sessionExpired('titled');
    }
  },

  retrySync: (id) => actOnLead(id, retryLeadSync, 'Sync queued again', 'Failed to retry sync'),

  releaseFromSpam: (id) => actOnLead(id, releaseLead, 'Lead released', 'Failed to release lead'),

  loadStats: async () => {
    // A reload behind stats already shown (a live update) keeps them on screen until the new ones arrive.
    if (!get().stats) set({ statsStatus: 'loading', statsError: null });
    try {
      set({ stats: await fetchStats(), statsStatus: 'ready' });
    } catch (error) {
      set({ statsStatus: 'error', statsError: failed(error) });
    }
  },
}));

/** One press on a lead's button (Retry sync, Not spam): sent once, then the list, stats and CRM line reload. */
async function actOnLead(id: number, call: (id: number) => Promise<unknown>, done: string, failure: string): Promise<void> {
  const { retrying } = useLeadsStore.getState();
  if (retrying.has(id)) return;
  useLeadsStore.setState({ retrying: new Set(retrying).add(id) });
  const { loadLeads, loadStats, loadCrmStatus } = useLeadsStore.getState();
  try {
    await call(id);
    notifySuccess(done);
    await Promise.all([loadLeads(), loadStats(), loadCrmStatus()]);
  } catch (error) {
    if (isUnauthorized(error)) sessionExpired('titled');
    else notifyError(failure, errorMessage(error));
  } finally {
    const still = new Set(useLeadsStore.getState().retrying);
    still.delete(id);
    useLeadsStore.setState({ retrying: still });
  }
}

// A lead delivered (from this tab or another, at once or from the outbox) refreshes the admin's leads and
// stats, once per delivery, unless the live stream is open: then its event brings the lead (live-leads.ts).
// Only data already held is refreshed; a store that never loaded (a visitor who is not staff) makes no admin call.
subscribe('delivered', ({ items }) => {
  if (!items.some((i) => i.kind === 'lead') || isLiveOpen()) return;
  const { leadsStatus, statsStatus, loadLeads, loadStats } = useLeadsStore.getState();
  if (leadsStatus !== 'idle') void loadLeads();
  if (statsStatus !== 'idle') void loadStats();
});

// What the live stream tells every tab (lib/live-stream.ts): a lead in, a lead changed, or a gap to reload.
subscribe('live', ({ event }) => applyLiveEvent(useLeadsStore, event));
subscribe('live-reset', () => reloadAfterGap(useLeadsStore));
