// /admin: the lead dashboard: stat cards, leads per day, and the Recent Leads table with search, status
// filter, paging and CSV export.
import { useEffect } from 'react';
import { CrmStatusLine, EventSummaryPanel, LeadFilters, LeadsChart, LeadsTable, LoadMore, StatCards, useLeadsStore } from '../../features/admin-leads';

export default function DashboardPage() {
  useEffect(() => useLeadsStore.getState().ensureLoaded(), []);
  return (
    <div className="space-y-6">
      <StatCards />
      <CrmStatusLine />
      <LeadsChart />
      <section aria-labelledby="recent-leads" className="space-y-4">
        <h2 id="recent-leads" className="text-lg font-semibold text-slate-900">
          Recent Leads
        </h2>
        <LeadFilters />
        <EventSummaryPanel />
        <LeadsTable />
        <LoadMore />
      </section>
    </div>
  );
}
