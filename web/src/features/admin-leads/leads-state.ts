// The dashboard store's shape (leads-store.ts), apart so the live stream's handling (live-leads.ts) can name it.
// The leads themselves are the paged live list beside it (useLeadsList, lib/paged-live-list.ts).
import type { CrmStatus, EventSummary, Stats } from '@contract';
import type { ListStatus } from '../../lib/paged-live-list';
import type { LeadFilters } from './leads-api';

export interface LeadsState {
  filters: LeadFilters;
  stats: Stats | null;
  statsStatus: ListStatus;
  statsError: string | null;
  /** Events for the event filter; the filter simply has fewer choices if they cannot be loaded. */
  events: EventSummary[];
  /** Pipedrive's state for the dashboard's CRM line; null until loaded or when it could not be. */
  crm: CrmStatus | null;
  /** Leads whose "Retry sync" or "Not spam" is on its way, so a second press sends nothing. */
  retrying: Set<number>;
  /** Counts up each time the live stream changed what the event summary sums up (it reads it again). */
  liveVersion: number;
  /** A rep's desk: only the leads they own, which the live stream adds and removes as they are handed over. */
  repDesk: boolean;
  /** `admin`: the stats, events and CRM line beside the leads too (a rep is refused them). */
  ensureLoaded: (who: { admin: boolean }) => void;
  setFilters: (filters: Partial<LeadFilters>) => Promise<void>;
  loadStats: () => Promise<void>;
  loadEvents: () => Promise<void>;
  loadCrmStatus: () => Promise<void>;
  retrySync: (id: number) => Promise<void>;
  releaseFromSpam: (id: number) => Promise<void>;
}
