// /admin: the lead desk. An admin sees the stat cards, leads per day and the Recent Leads table with search,
// filters, paging and CSV export; seen while visible, it marks its newest lead seen (the unseen count). A rep sees
// only the leads they own (the server narrows the list to them) to work them: no stats, no CRM line, no export,
// and no unseen count, which are admin data. ?lead=ID opens that lead's details.
import { useEffect } from 'react';
import { CrmStatusLine, EventSummaryPanel, LeadFilters, LeadFromLink, LeadsChart, LeadsTable, LoadMore, StatCards, useLeadsStore, useNewestShownLeadId } from '../../features/admin-leads';
import { useCurrentUserStore } from '../../features/admin-auth';
import { useMarkLeadsSeen } from '../../features/notifications';

export default function DashboardPage() {
  // The admin gate renders this page only once the user is known.
  const isAdmin = useCurrentUserStore((s) => s.user?.role === 'admin');
  useEffect(() => useLeadsStore.getState().ensureLoaded({ admin: isAdmin }), [isAdmin]);
  // The newest lead shown (suspected spam is not counted as unseen, so it marks nothing seen either).
  const newest = useNewestShownLeadId();
  useMarkLeadsSeen(isAdmin ? newest : undefined);
  return (
    <div className="space-y-3 sm:space-y-6">
      {isAdmin ? (
        <>
          <StatCards />
          <CrmStatusLine />
          <LeadsChart />
        </>
      ) : null}
      <section aria-labelledby="recent-leads" className="space-y-3 sm:space-y-4">
        <h2 id="recent-leads" className="text-lg font-semibold text-slate-900">
          Recent Leads
        </h2>
        <LeadFilters isAdmin={isAdmin} />
        {isAdmin ? <EventSummaryPanel /> : null}
        <LeadsTable isAdmin={isAdmin} />
        <LoadMore />
      </section>
      <LeadFromLink canAssign={isAdmin} />
    </div>
  );
}
