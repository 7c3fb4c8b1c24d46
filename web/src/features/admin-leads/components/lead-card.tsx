// One lead as a card, for phones: the Recent Leads table's every column in a width that never scrolls
// sideways. The name and the status badge share the first line, then the e-mail, then the other columns
// under the table's own column names, the owner and the stage with its clock last.
import type { Lead } from '@contract';
import { formatDate } from '../../../lib/format';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadOwnerName, LeadStageMarks } from './lead-work-marks';
import { LeadCaptureLine, LeadNameButton, LeadStatusActions, LeadStatusMark, OptionalValue, useNewLead } from './lead-parts';
import { NewMark } from '../../../components/ui/new-mark';

/** `isAdmin`: Retry sync and Not spam are offered (a rep is refused them). */
export function LeadCard({ lead, now, isAdmin, onOpen }: { lead: Lead; now: number; isAdmin: boolean; onOpen: () => void }) {
  const { ref, isNew } = useNewLead<HTMLLIElement>(lead.id);
  const details: [string, string | null][] = [
    ['Company', lead.company],
    ['Industry', industryLabel(lead.industry)],
    ['Volume', volumeLabel(lead.volume)],
    ['Date', formatDate(lead.createdAt)],
  ];
  return (
    <li
      ref={ref}
      data-list-item
      data-lead-id={lead.id}
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm focus-within:border-brand-600 focus-within:bg-brand-50/40 focus-within:outline-2 focus-within:outline-brand-600"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 break-words">
          <LeadNameButton lead={lead} onOpen={onOpen} />
        {isNew ? <NewMark /> : null}
        </div>
        <div className="shrink-0">
          <span className="sr-only">Status: </span>
          <LeadStatusMark lead={lead} />
        </div>
      </div>
      <div className="break-all text-slate-600">{lead.email}</div>
      <LeadCaptureLine lead={lead} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {details.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
            <dd className="break-words text-slate-800">
              <OptionalValue value={value} />
            </dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Owner</dt>
          <dd className="break-words">
            <LeadOwnerName lead={lead} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Stage</dt>
          <dd>
            <LeadStageMarks lead={lead} now={now} />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        {isAdmin ? <LeadStatusActions lead={lead} /> : null}
      </div>
    </li>
  );
}
