// What the live stream changes on the dashboard. A new lead goes in at the top of the table when it matches
// the search and filters shown (the same rules the server applies: lead-search.ts, leads-queries.ts), marked
// new until seen, with what the person reads kept in place; the stats, chart, event list and event summary
// are read again (rollups: cheap), a burst of leads costing one read. A change of a lead already shown
// replaces it where it is. After a gap the stream could not replay, everything held is loaded again once.
import type { Lead, LiveEvent } from '@contract';
import { heldWhileLoading, olderThanShown } from '../../lib/live-list';
import { keepScrollPosition } from '../../lib/keep-scroll';
import type { LeadFilters } from './leads-api';
import type { StoreApi } from 'zustand';
import type { LeadsState } from './leads-state';

type Store = StoreApi<LeadsState>;

const REFRESH_AFTER_MS = 300;
let refresh: ReturnType<typeof setTimeout> | undefined;

/** Whether the table's search and filters show `lead`: the server's rules, for one lead. */
export function leadMatches(lead: Lead, filters: LeadFilters): boolean {
  if (filters.spam) return false;
  if (filters.status && lead.status !== filters.status) return false;
  if (filters.event && lead.eventName !== filters.event) return false;
  if (filters.rating && lead.rating !== filters.rating) return false;
  if (filters.followUp && lead.followUp !== filters.followUp) return false;
  if (filters.interest && !lead.interests.includes(filters.interest as Lead['interests'][number])) return false;
  const q = filters.q.trim().toLowerCase();
  if (!q) return true;
  const columns = [lead.firstName, lead.lastName, lead.email, lead.company ?? ''].map((c) => c.toLowerCase());
  // Three characters or more: contained in the full name, e-mail or company; fewer: the start of a column.
  if (q.length >= 3) return [`${columns[0]} ${columns[1]}`, columns[2]!, columns[3]!].some((c) => c.includes(q));
  return columns.some((c) => c.startsWith(q));
}

const held = heldWhileLoading<LiveEvent>();

/** Called by the store once a load of the table is in: the new leads heard meanwhile go in now. */
export function applyHeldLiveEvents(useLeadsStore: Store): void {
  held.drain((event) => applyLiveEvent(useLeadsStore, event));
}

/** Called by the store for each event of the live stream. */
export function applyLiveEvent(useLeadsStore: Store, event: LiveEvent): void {
  const state = useLeadsStore.getState();
  if ((event.recordKind ?? 'lead') !== 'lead' || (state.leadsStatus === 'idle' && state.statsStatus === 'idle')) return;
  const lead = event.record as Lead;
  // A load on its way may have been read before this event: it is applied again once the answer is in.
  if (state.leadsStatus === 'loading') held.hold(event);
  const shown = state.leads.findIndex((l) => l.id === lead.id);
  if (shown >= 0) {
    const leads = [...state.leads];
    leads[shown] = lead;
    useLeadsStore.setState({ leads });
  } else if ((event.type === 'lead.created' || event.type === 'capture.created') && state.leadsStatus === 'ready' && !olderThanShown(lead.id, state.leads) && leadMatches(lead, state.filters)) {
    keepScrollPosition(() => useLeadsStore.setState((s) => ({ leads: [lead, ...s.leads], newIds: new Set(s.newIds).add(lead.id) })));
  }
  clearTimeout(refresh);
  refresh = setTimeout(() => {
    const { statsStatus, loadStats, loadEvents, loadCrmStatus } = useLeadsStore.getState();
    if (statsStatus === 'idle') return;
    void loadStats();
    void loadEvents();
    void loadCrmStatus();
    useLeadsStore.setState((s) => ({ liveVersion: s.liveVersion + 1 }));
  }, REFRESH_AFTER_MS);
}

/** After a gap the stream could not replay: everything the dashboard holds, read again once. */
export function reloadAfterGap(useLeadsStore: Store): void {
  const { leadsStatus, statsStatus, loadLeads, loadStats, loadEvents, loadCrmStatus } = useLeadsStore.getState();
  if (leadsStatus !== 'idle') void loadLeads();
  if (statsStatus !== 'idle') {
    void loadStats();
    void loadEvents();
    void loadCrmStatus();
    useLeadsStore.setState((s) => ({ liveVersion: s.liveVersion + 1 }));
  }
}
