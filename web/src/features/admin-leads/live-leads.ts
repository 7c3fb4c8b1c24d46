// What the live stream changes on the dashboard. The table is a paged live list (lib/paged-live-list.ts): a new
// lead goes in at its top when it matches the search and filters shown (`leadMatches`: the same rules the
// server applies, lead-search.ts and leads-queries.ts), and a change of a lead shown replaces it where it is.
// Beside the table, the stats, chart, event list and event summary are read again (rollups: cheap), a burst of
// leads costing one read; after a gap the stream could not replay, they are read again once.
import type { Lead, LiveEvent } from '@contract';
import { readKnownUser } from '../../lib/known-user';
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
  if (filters.stage && lead.stage !== filters.stage) return false;
  if (filters.owner === 'none' && lead.owner !== null) return false;
  if (filters.owner === 'me' && (lead.owner === null || lead.owner.id !== readKnownUser()?.id)) return false;
  const q = filters.q.trim().toLowerCase();
  if (!q) return true;
  const columns = [lead.firstName, lead.lastName, lead.email, lead.company ?? ''].map((c) => c.toLowerCase());
  // Three characters or more: contained in the full name, e-mail or company; fewer: the start of a column.
  if (q.length >= 3) return [`${columns[0]} ${columns[1]}`, columns[2]!, columns[3]!].some((c) => c.includes(q));
  return columns.some((c) => c.startsWith(q));
}

/** A rep's desk holds the leads they own, as the server narrows it: a lead handed to them joins, one taken away goes. */
export function ownedHere(lead: Lead): boolean {
  return lead.owner !== null && lead.owner.id === readKnownUser()?.id;
}

/** Reads everything beside the table again, once the burst of events `event` belongs to has passed. */
function readAgain(useLeadsStore: Store): void {
  const { loadStats, loadEvents, loadCrmStatus } = useLeadsStore.getState();
  void loadStats();
  void loadEvents();
  void loadCrmStatus();
  useLeadsStore.setState((s) => ({ liveVersion: s.liveVersion + 1 }));
}

/** Called by the store for each event of the live stream. */
export function refreshAfterLiveEvent(useLeadsStore: Store, event: LiveEvent): void {
  if ((event.recordKind ?? 'lead') !== 'lead') return;
  clearTimeout(refresh);
  refresh = setTimeout(() => {
    if (useLeadsStore.getState().statsStatus !== 'idle') readAgain(useLeadsStore);
  }, REFRESH_AFTER_MS);
}

/** After a gap the stream could not replay: everything beside the table, read again once. */
export function refreshStatsAfterGap(useLeadsStore: Store): void {
  if (useLeadsStore.getState().statsStatus !== 'idle') readAgain(useLeadsStore);
}
