export { StatCards } from './components/stat-cards';
export { LeadsChart } from './components/leads-chart';
export { LeadFilters } from './components/lead-filters';
export { LeadsTable } from './components/leads-table';
export { LoadMore } from './components/load-more';
export { useLeadsStore, useNewestShownLeadId } from './leads-store';
export { CrmStatusLine } from './components/crm-status';
export { EventSummaryPanel } from './components/event-summary';
export { LeadFromLink } from './components/lead-from-link';
