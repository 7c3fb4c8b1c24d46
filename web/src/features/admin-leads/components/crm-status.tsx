// The dashboard's CRM line: "CRM not connected" while no Pipedrive token is set, otherwise how many
// syncs wait and how many failed. Nothing is shown until the status has loaded.
import { Badge } from '../../../components/ui/badge';
import { formatCount } from '../../../lib/format';
import { useLeadsStore } from '../leads-store';

export function CrmStatusLine() {
  const crm = useLeadsStore((s) => s.crm);
  if (!crm) return null;
  return (
    <section aria-label="CRM sync" className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl border border-slate-200 bg-white px-4 py-2.5 text-sm shadow-sm sm:py-3">
      <span className="font-medium text-slate-700">Pipedrive</span>
      {crm.connected ? (
        <span className={crm.failed > 0 ? 'font-medium text-red-800' : 'text-slate-700'}>
          CRM connected — {formatCount(crm.pending)} pending, {formatCount(crm.failed)} failed
        </span>
      ) : (
        <>
          <Badge tone="neutral">CRM not connected</Badge>
          <span className="text-slate-600">Leads wait here until a Pipedrive token is configured.</span>
        </>
      )}
    </section>
  );
}
