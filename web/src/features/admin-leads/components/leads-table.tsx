// Recent Leads: Contact (name over e-mail), Company, Industry, Volume, Date, Owner, Stage (with the lead's clock),
// Status (the CRM sync's); empty text 'No leads found'. From 640 px a table with the spec's column names as its headers (scrolling inside its own
// focusable region where it is still too wide); below, a card per lead with every column's value, so a phone
// never scrolls sideways. j / k move through the leads, Enter opens the selected one; t takes it, s and n open it
// at its stage or its note.
import { useRef, useState } from 'react';
import type { Lead } from '@contract';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDate } from '../../../lib/format';
import { ariaKeyShortcuts, SHORTCUTS, useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { moveListSelection, selectedListItem } from '../../../lib/list-selection';
import { takeLeadAndSay } from '../take-lead';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { useNow } from '../../../lib/use-now';
import { useLeadsList } from '../leads-store';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadDetailDialog, type DetailFocus } from './lead-detail-dialog';
import { LeadCard } from './lead-card';
import { LeadOwnerName, LeadStageMarks } from './lead-work-marks';
import { LeadCaptureLine, LeadNameButton, LeadStatusActions, LeadStatusMark, OptionalValue, useNewLead } from './lead-parts';
import { NewMark } from '../../../components/ui/new-mark';

// Fixed shares of the width (table-layout: fixed): a lead arriving live with a longer e-mail or name cannot
// widen a column, rewrap the others and move the rows the person is reading.
const LEAD_COLUMNS = [
  ['Contact', 'w-[22%]'],
  ['Company', 'w-[11%]'],
  ['Industry', 'w-[12%]'],
  ['Volume', 'w-[10%]'],
  ['Date', 'w-[12%]'],
  ['Owner', 'w-[10%]'],
  ['Stage', 'w-[13%]'],
  ['Status', 'w-[10%]'],
] as const;
// How often the waiting clocks move: they show whole minutes.
const CLOCK_TICK_MS = 20_000;

/** `isAdmin`: the signed-in person is an admin (Owner and Assign in the details; Retry sync, Not spam); else a rep. */
export function LeadsTable({ isAdmin }: { isAdmin: boolean }) {
  const leads = useLeadsList((s) => s.items);
  const status = useLeadsList((s) => s.status);
  const error = useLeadsList((s) => s.error);
  const retry = useLeadsList((s) => s.load);
  // The lead whose details are open; kept as the object so a refetch behind the dialog does not close it.
  const [shown, setShown] = useState<Lead | null>(null);
  // Where the dialog puts the focus when a shortcut opened it (s: the stage, n: the note).
  const [focus, setFocus] = useState<DetailFocus>(null);
  const wide = useMediaQuery(WIDE_SCREEN);
  const list = useRef<HTMLDivElement>(null);
  const now = useNow(CLOCK_TICK_MS);
  useKeyboardShortcuts([
    [SHORTCUTS.next, () => moveListSelection(list.current, 1)],
    [SHORTCUTS.previous, () => moveListSelection(list.current, -1)],
    [
      SHORTCUTS.take,
      () => {
        const lead = selectedLead(list.current, leads);
        if (lead) void takeLeadAndSay(lead);
      },
    ],
    [SHORTCUTS.stage, () => openSelected('stage')],
    [SHORTCUTS.note, () => openSelected('note')],
  ]);
  const open = (lead: Lead, at: DetailFocus = null) => {
    setFocus(at);
    setShown(lead);
  };
  function openSelected(at: DetailFocus) {
    const lead = selectedLead(list.current, leads);
    if (lead) open(lead, at);
  }

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
      aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.next, SHORTCUTS.previous, SHORTCUTS.take, SHORTCUTS.stage, SHORTCUTS.note)}
      tabIndex={0}
      aria-busy={status === 'loading'}
      className={`relative focus-visible:outline-2 focus-visible:outline-brand-700 ${
        wide ? 'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm' : 'rounded-2xl'
      } ${status === 'loading' ? 'opacity-60' : ''}`}
    >
      {wide ? (
        <table className="w-full min-w-[50rem] table-fixed divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {LEAD_COLUMNS.map(([h, width]) => (
                <th key={h} scope="col" className={`${width} px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {leads.map((lead) => (
              <LeadRow key={lead.id} lead={lead} now={now} isAdmin={isAdmin} onOpen={() => open(lead)} />
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="space-y-3">
          {leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} now={now} isAdmin={isAdmin} onOpen={() => open(lead)} />
          ))}
        </ul>
      )}
      <LeadDetailDialog lead={shown} focus={focus} canAssign={isAdmin} onClose={() => setShown(null)} />
    </div>
  );
}

/** The lead of the row that holds the keyboard focus (rows carry their lead's id). */
function selectedLead(list: HTMLElement | null, leads: readonly Lead[]): Lead | null {
  const id = Number(selectedListItem(list)?.dataset.leadId);
  return leads.find((lead) => lead.id === id) ?? null;
}

function LeadRow({ lead, now, isAdmin, onOpen }: { lead: Lead; now: number; isAdmin: boolean; onOpen: () => void }) {
  const { ref, isNew } = useNewLead<HTMLTableRowElement>(lead.id);
  return (
    // The selected row (its name button focused) is outlined as a whole.
    <tr ref={ref} data-list-item data-lead-id={lead.id} className="align-top focus-within:bg-brand-50/60 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-brand-600">
      <td className="px-3 py-3">
        <LeadNameButton lead={lead} onOpen={onOpen} />
        {isNew ? <NewMark /> : null}
        <div className="break-all text-slate-600">{lead.email}</div>
        <LeadCaptureLine lead={lead} />
      </td>
      <Cell value={lead.company} />
      <Cell value={industryLabel(lead.industry)} />
      <Cell value={volumeLabel(lead.volume)} />
      <td className="whitespace-nowrap px-3 py-3 text-slate-700">{formatDate(lead.createdAt)}</td>
      <td className="px-3 py-3">
        <LeadOwnerName lead={lead} />
      </td>
      <td className="px-3 py-3">
        <LeadStageMarks lead={lead} now={now} />
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-col items-start gap-2">
          <LeadStatusMark lead={lead} />
          {isAdmin ? <LeadStatusActions lead={lead} /> : null}
        </div>
      </td>
    </tr>
  );
}

function Cell({ value }: { value: string | null }) {
  return (
    <td className="break-words px-3 py-3 text-slate-700">
      <OptionalValue value={value} />
    </td>
  );
}
