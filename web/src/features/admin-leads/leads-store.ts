// The dashboard's data: the leads shown (one page or more, for the current search and filters: a paged live
// list, lib/paged-live-list.ts) and beside them the stats, the events, the CRM line and the filters. All are
// refreshed when a lead is submitted from the public form, in this tab or another.
import { create } from 'zustand';
import type { LeadsState } from './leads-state';
import type { Lead } from '@contract';
import { describeError, errorMessage, isUnauthorized } from '../../lib/server-error';
import { notifyError, notifySuccess } from '../../lib/toast';
import { subscribe } from '../../lib/events';
import { isLiveOpen } from '../../lib/live-stream';
import { createPagedLiveList } from '../../lib/paged-live-list';
import { leadMatches, ownedHere, refreshAfterLiveEvent, refreshStatsAfterGap } from './live-leads';
import { sessionExpired } from '../../lib/session-expired';
import { fetchCrmStatus, fetchEvents, fetchLeadsPage, fetchStats, releaseLead, retryLeadSync } from './leads-api';

/** The dashboard words a lost session with the titled toast. */
function failed(error: unknown): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  return describeError(error);
}

/** Recent Leads: newest first, a page at a time, for the filters shown; a live lead goes in at the top when they show it. */
export const useLeadsList = createPagedLiveList<Lead>({
  firstPage: async () => {
    const page = await fetchLeadsPage(useLeadsStore.getState().filters);
    return { items: page.leads, next: page.next };
  },
  nextPage: async (next) => {
    const page = await fetchLeadsPage(useLeadsStore.getState().filters, next);
    return { items: page.leads, next: page.next };
  },
  failed,
  recordOf: (event) => ((event.recordKind ?? 'lead') === 'lead' ? (event.record as Lead) : null),
  addsNew: (event, lead) => {
    const { filters, repDesk } = useLeadsStore.getState();
    if (!leadMatches(lead, filters)) return false;
    // A rep hears only of leads they own or owned (the server's rule): one handed to them joins their desk.
    if (repDesk) return ownedHere(lead);
    return event.type === 'lead.created' || event.type === 'capture.created';
  },
  stillShows: (_event, lead) => !useLeadsStore.getState().repDesk || ownedHere(lead),
});

export const useLeadsStore = create<LeadsState>()((set, get) => ({
  filters: { q: '', status: '', event: '', rating: '', followUp: '', interest: '', spam: false, owner: '', stage: '' },
  stats: null,
  statsStatus: 'idle',
  statsError: null,
  events: [],
  crm: null,
  retrying: new Set(),
  liveVersion: 0,

  repDesk: false,

  ensureLoaded: ({ admin }) => {
    set({ repDesk: !admin });
    if (useLeadsList.getState().status === 'idle') {
      void useLeadsList.getState().load();
      if (admin) void get().loadEvents();
    }
    if (admin && get().statsStatus === 'idle') {
      void get().loadStats();
      void get().loadCrmStatus();
    }
  },

  setFilters: async (filters) => {
    set({ filters: { ...get().filters, ...filters } });
    await useLeadsList.getState().load();
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
  const { loadStats, loadCrmStatus } = useLeadsStore.getState();
  try {
    await call(id);
    notifySuccess(done);
    await Promise.all([useLeadsList.getState().load(), loadStats(), loadCrmStatus()]);
  } catch (error) {
    if (isUnauthorized(error)) sessionExpired('titled');
    else notifyError(failure, errorMessage(error));
  } finally {
    const still = new Set(useLeadsStore.getState().retrying);
    still.delete(id);
    useLeadsStore.setState({ retrying: still });
  }
}

/** The newest lead the table shows, for the unseen count; none while it shows the suspected spam. */
export function useNewestShownLeadId(): number | undefined {
  const spam = useLeadsStore((s) => s.filters.spam);
  const newest = useLeadsList((s) => s.items.reduce((max, l) => Math.max(max, l.id), 0) || undefined);
  return spam ? undefined : newest;
}

// A lead delivered (from this tab or another, at once or from the outbox) refreshes the admin's leads and
// stats, once per delivery, unless the live stream is open: then its event brings the lead (the list above).
// Only data already held is refreshed; a store that never loaded (a visitor who is not staff) makes no admin call.
subscribe('delivered', ({ items }) => {
  if (!items.some((i) => i.kind === 'lead') || isLiveOpen()) return;
  if (useLeadsList.getState().status !== 'idle') void useLeadsList.getState().load();
  if (useLeadsStore.getState().statsStatus !== 'idle') void useLeadsStore.getState().loadStats();
});

// What the live stream changes beside the list (live-leads.ts): the stats, chart, events and CRM line.
subscribe('live', ({ event }) => refreshAfterLiveEvent(useLeadsStore, event));
subscribe('live-reset', () => refreshStatsAfterGap(useLeadsStore));
