// Recent Leads: Contact (name over e-mail), Company, Industry, Volume, Date, Status; empty text
// 'No leads found'. From 640 px a table with the spec's column names as its headers (scrolling inside its own
// focusable region where it is still too wide); below, a card per lead with every column's value, so a phone
// never scrolls sideways. j / k move through the leads, Enter opens the selected one.
import { useRef, useState } from 'react';
import type { Lead } from '@contract';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDate } from '../../../lib/format';
import { ariaKeyShortcuts, SHORTCUTS, useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { moveListSelection } from '../../../lib/list-selection';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { useLeadsList } from '../leads-store';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LeadCard } from './lead-card';
import { LeadCaptureLine, LeadNameButton, LeadStatusActions, LeadStatusMark, OptionalValue, useNewLead } from './lead-parts';
import { NewMark } from '../../../components/ui/new-mark';

const LEAD_COLUMNS = ['Contact', 'Company', 'Industry', 'Volume', 'Date', 'Status'] as const;

export function LeadsTable() {
  const leads = useLeadsList((s) => s.items);
  const status = useLeadsList((s) => s.status);
  const error = useLeadsList((s) => s.error);
  const retry = useLeadsList((s) => s.load);
  // The lead whose details are open; kept as the object so a refetch behind the dialog does not close it.
  const [shown, setShown] = useState<Lead | null>(null);
  const wide = useMediaQuery(WIDE_SCREEN);
  const list = useRef<HTMLDivElement>(null);
  useKeyboardShortcuts([
    [SHORTCUTS.next, () => moveListSelection(list.current, 1)],
    [SHORTCUTS.previous, () => moveListSelection(list.current, -1)],
  ]);

  if (status === 'error') return <ErrorPanel title="The leads could not be loaded." detail={error} onRetry={() => void retry()} />;
  if (status !== 'ready' && leads.length === 0) return <LoadingText>Loading leads...</LoadingText>;
  if (leads.length === 0) return <EmptyText>No leads found</EmptyText>;

  // `relative` keeps the visually hidden "Not given" texts inside this scroll box; without a positioned
  // ancestor they would be laid out against the page and widen it on phones.
  return (
    <div
      ref={list}
      role="region"
      aria-label="Recent Leads"
      aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.next, SHORTCUTS.previous)}
      tabIndex={0}
      aria-busy={status === 'loading'}
      className={`relative focus-visible:outline-2 focus-visible:outline-brand-700 ${
        wide ? 'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm' : 'rounded-2xl'
      } ${status === 'loading' ? 'opacity-60' : ''}`}
    >
      {wide ? (
        <table className="w-full min-w-[46rem] divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {LEAD_COLUMNS.map((h) => (
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
      ) : (
        <ul className="space-y-3">
          {leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} onOpen={() => setShown(lead)} />
          ))}
        </ul>
      )}
      <LeadDetailDialog lead={shown} onClose={() => setShown(null)} />
    </div>
  );
}

function LeadRow({ lead, onOpen }: { lead: Lead; onOpen: () => void }) {
  const { ref, isNew } = useNewLead<HTMLTableRowElement>(lead.id);
  return (
    // The selected row (its name button focused) is outlined as a whole.
    <tr ref={ref} data-list-item className="align-top focus-within:bg-brand-50/60 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-brand-600">
      <td className="px-4 py-3">
        <LeadNameButton lead={lead} onOpen={onOpen} />
        {isNew ? <NewMark /> : null}
        <div className="text-slate-600">{lead.email}</div>
        <LeadCaptureLine lead={lead} />
      </td>
      <Cell value={lead.company} />
      <Cell value={industryLabel(lead.industry)} />
      <Cell value={volumeLabel(lead.volume)} nowrap />
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(lead.createdAt)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-2">
          <LeadStatusMark lead={lead} />
          <LeadStatusActions lead={lead} />
        </div>
      </td>
    </tr>
  );
}

function Cell({ value, nowrap = false }: { value: string | null; nowrap?: boolean }) {
  return (
    <td className={`px-4 py-3 text-slate-700 ${nowrap ? 'whitespace-nowrap' : ''}`}>
      <OptionalValue value={value} />
    </td>
  );
}
