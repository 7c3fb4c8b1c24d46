// Recent Leads (spec §2): Contact (name over e-mail), Company, Industry, Volume, Date, Status; empty text
// 'No leads found'. Wide tables scroll inside their own focusable region on phones.
import type { Lead } from '../../../../../api/src/contract/entities';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDate } from '../../../lib/format';
import { useLeadsStore } from '../leads-store';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadStatusBadge } from './lead-status-badge';

const HEADERS = ['Contact', 'Company', 'Industry', 'Volume', 'Date', 'Status'];

export function LeadsTable() {
  const leads = useLeadsStore((s) => s.leads);
  const status = useLeadsStore((s) => s.leadsStatus);
  const error = useLeadsStore((s) => s.leadsError);
  const retry = useLeadsStore((s) => s.loadLeads);

  if (status === 'error') return <ErrorPanel title="The leads could not be loaded." detail={error} onRetry={() => void retry()} />;
  if (status !== 'ready' && leads.length === 0) return <LoadingText>Loading leads...</LoadingText>;
  if (leads.length === 0) return <EmptyText>No leads found</EmptyText>;

  // `relative` keeps the visually hidden "Not given" texts inside this scroll box; without a positioned
  // ancestor they would be laid out against the page and widen it on phones.
  return (
    <div
      role="region"
      aria-label="Recent Leads"
      tabIndex={0}
      aria-busy={status === 'loading'}
      className={`relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700 ${status === 'loading' ? 'opacity-60' : ''}`}
    >
      <table className="w-full min-w-[46rem] divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <LeadRow key={lead.id} lead={lead} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRow({ lead }: { lead: Lead }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <div className="font-medium text-slate-900">
          {lead.firstName} {lead.lastName}
        </div>
        <div className="text-slate-600">{lead.email}</div>
        {lead.eventName ? (
          // Captured at an event by a rep (issue 6): where, and by whom.
          <div className="mt-1 text-xs text-slate-600">
            <span className="font-medium text-slate-700">{lead.eventName}</span>
            {lead.capturedBy ? ` · captured by ${lead.capturedBy}` : ''}
          </div>
        ) : null}
      </td>
      <Cell value={lead.company} />
      <Cell value={industryLabel(lead.industry)} />
      <Cell value={volumeLabel(lead.volume)} nowrap />
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(lead.createdAt)}</td>
      <td className="px-4 py-3">
        <LeadStatusBadge status={lead.status} />
      </td>
    </tr>
  );
}

function Cell({ value, nowrap = false }: { value: string | null; nowrap?: boolean }) {
  return (
    <td className={`px-4 py-3 text-slate-700 ${nowrap ? 'whitespace-nowrap' : ''}`}>
      {value ?? (
        <>
          <span aria-hidden="true" className="text-slate-400">—</span>
          <span className="sr-only">Not given</span>
        </>
      )}
    </td>
  );
}
