// /admin: the lead dashboard: stat cards, leads per day, and the Recent Leads table with search, status
// filter, paging and CSV export. Seen while visible, it marks its newest lead seen (the unseen count); ?lead=ID
// opens that lead's details.
import { useEffect } from 'react';
import { CrmStatusLine, EventSummaryPanel, LeadFilters, LeadFromLink, LeadsChart, LeadsTable, LoadMore, StatCards, useLeadsStore, useNewestShownLeadId } from '../../features/admin-leads';
import { useMarkLeadsSeen } from '../../features/notifications';

export default function DashboardPage() {
  useEffect(() => useLeadsStore.getState().ensureLoaded(), []);
  // The newest lead shown (suspected spam is not counted as unseen, so it marks nothing seen either).
  useMarkLeadsSeen(useNewestShownLeadId());
  return (
    <div className="space-y-3 sm:space-y-6">
      <StatCards />
      <CrmStatusLine />
      <LeadsChart />
      <section aria-labelledby="recent-leads" className="space-y-3 sm:space-y-4">
        <h2 id="recent-leads" className="text-lg font-semibold text-slate-900">
          Recent Leads
        </h2>
        <LeadFilters />
        <EventSummaryPanel />
        <LeadsTable />
        <LoadMore />
      </section>
      <LeadFromLink />
    </div>
  );
}
