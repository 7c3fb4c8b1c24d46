// The dashboard store's shape (leads-store.ts), apart so the live stream's handling (live-leads.ts) can name it.
import type { CrmStatus, EventSummary, Lead, Stats } from '@contract';
import type { LeadFilters } from './leads-api';

export type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface LeadsState {
  filters: LeadFilters;
  leads: Lead[];
  next: string | null;
  leadsStatus: Status;
  leadsError: string | null;
  loadingMore: boolean;
  loadMoreError: string | null;
  stats: Stats | null;
  statsStatus: Status;
  statsError: string | null;
  /** Events for the event filter; the filter simply has fewer choices if they cannot be loaded. */
  events: EventSummary[];
  /** Pipedrive's state for the dashboard's CRM line; null until loaded or when it could not be. */
  crm: CrmStatus | null;
  /** Leads whose "Retry sync" or "Not spam" is on its way, so a second press sends nothing. */
  retrying: Set<number>;
  /** Leads the live stream added that the person has not seen yet (marked "New"). */
  newIds: Set<number>;
  markSeen: (id: number) => void;
  /** Counts up each time the live stream changed what the event summary sums up (it reads it again). */
  liveVersion: number;
  ensureLoaded: () => void;
  setFilters: (filters: Partial<LeadFilters>) => Promise<void>;
  loadLeads: () => Promise<void>;
  loadMore: () => Promise<void>;
  loadStats: () => Promise<void>;
  loadEvents: () => Promise<void>;
  loadCrmStatus: () => Promise<void>;
  retrySync: (id: number) => Promise<void>;
  releaseFromSpam: (id: number) => Promise<void>;
}
