// Recent Leads: Contact (name over e-mail), Company, Industry, Volume, Date, Status; empty text
// 'No leads found'. Wide tables scroll inside their own focusable region on phones.
import { useState } from 'react';
import { SPAM_REASON_LABELS, type Lead } from '@contract';
import { WriteButton } from '../../../components/ui/write-button';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDate } from '../../../lib/format';
import { useLeadsStore } from '../leads-store';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LeadStatusBadge } from './lead-status-badge';
import { ConsentBadge } from './lead-capture-details';

const HEADERS = ['Contact', 'Company', 'Industry', 'Volume', 'Date', 'Status'];

export function LeadsTable() {
  const leads = useLeadsStore((s) => s.leads);
  const status = useLeadsStore((s) => s.leadsStatus);
  const error = useLeadsStore((s) => s.leadsError);
  const retry = useLeadsStore((s) => s.loadLeads);
  // The lead whose details are open; kept as the object so a refetch behind the dialog does not close it.
  const [shown, setShown] = useState<Lead | null>(null);

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
            <LeadRow key={lead.id} lead={lead} onOpen={() => setShown(lead)} />
          ))}
        </tbody>
      </table>
      <LeadDetailDialog lead={shown} onClose={() => setShown(null)} />
    </div>
  );
}

function LeadRow({ lead, onOpen }: { lead: Lead; onOpen: () => void }) {
  const retrySync = useLeadsStore((s) => s.retrySync);
  const releaseFromSpam = useLeadsStore((s) => s.releaseFromSpam);
  const retrying = useLeadsStore((s) => s.retrying.has(lead.id));
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <button
          type="button"
          onClick={onOpen}
          aria-haspopup="dialog"
          className="text-left font-medium text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {lead.firstName} {lead.lastName}
        </button>
        <div className="text-slate-600">{lead.email}</div>
        {lead.eventName ? (
          // Captured at an event by a rep: where, and by whom.
          <div className="mt-1 text-xs text-slate-600">
            <span className="font-medium text-slate-700">{lead.eventName}</span>
            {lead.capturedBy ? ` · captured by ${lead.capturedBy}` : ''}
            {lead.rating ? ` · ${lead.rating[0]!.toUpperCase()}${lead.rating.slice(1)}` : ''}
            {lead.consentGiven === false ? (
              <span className="ml-1">
                <ConsentBadge lead={lead} />
              </span>
            ) : null}
          </div>
        ) : null}
      </td>
      <Cell value={lead.company} />
      <Cell value={industryLabel(lead.industry)} />
      <Cell value={volumeLabel(lead.volume)} nowrap />
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(lead.createdAt)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-2">
          {lead.spamReason ? (
            <>
              <span className="text-xs font-medium text-amber-800">{SPAM_REASON_LABELS[lead.spamReason]}</span>
              <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void releaseFromSpam(lead.id)}>
                Not spam
              </WriteButton>
            </>
          ) : (
            <LeadStatusBadge status={lead.status} syncError={lead.syncError} id={`lead-${lead.id}-status`} />
          )}
          {lead.status === 'sync_failed' ? (
            <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void retrySync(lead.id)}>
              Retry sync
            </WriteButton>
          ) : null}
        </div>
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
