// Search (name, e-mail, company) and the filters (owner, stage, status, event, rating, follow-up, interest,
// suspected spam),
// all answered by the server, plus the CSV export of exactly what is filtered. Typing settles for a moment
// before the list reloads; `/` puts the cursor in the search box from anywhere on the dashboard. On a phone the
// filters fold behind one "Filters" button that says how many are set (the search stays in view), so the first
// lead is not pushed a screen and a half down. A rep's list holds only their own leads (the server's rule), so a
// rep has no Owner filter, and no event list, suspected spam or export, which are admin data.
import { useEffect, useRef, useState } from 'react';
import { LEAD_STAGE_LABELS, LEAD_STAGES, LEAD_STATUSES } from '@contract';
import { buttonClasses } from '../../../components/ui/button';
import { LINE_CONTROL } from '../../../components/ui/form-field';
import { ariaKeyShortcuts, SHORTCUTS, useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { leadsCsvUrl, type LeadFilters as Filters } from '../leads-api';
import { useLeadsStore } from '../leads-store';
import { QualifyFilters } from './qualify-filters';

const SEARCH_SETTLE_MS = 300;
const PANEL_ID = 'lead-filter-panel';

/** How many filters narrow the list (the search is shown on its own and not counted). */
function filtersSet({ status, event, rating, followUp, interest, spam, owner, stage }: Filters): number {
  return [owner, stage, status, event, rating, followUp, interest, spam].filter(Boolean).length;
}

const OWNER_CHOICES: [Filters['owner'], string][] = [
  ['', 'Anyone'],
  ['me', 'Mine'],
  ['none', 'Unassigned'],
];

export function LeadFilters({ isAdmin }: { isAdmin: boolean }) {
  const filters = useLeadsStore((s) => s.filters);
  const setFilters = useLeadsStore((s) => s.setFilters);
  const events = useLeadsStore((s) => s.events);
  const [query, setQuery] = useState(filters.q);
  // Phones only: whether the folded filters are shown. From 640 px they always are, in one row.
  const [open, setOpen] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  // The search so far is selected, so typing replaces it and the arrows keep it.
  useKeyboardShortcuts([
    [
      SHORTCUTS.search,
      () => {
        searchBox.current?.focus();
        searchBox.current?.select();
      },
    ],
  ]);

  useEffect(() => {
    if (query === filters.q) return;
    const timer = window.setTimeout(() => void setFilters({ q: query }), SEARCH_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [query, filters.q, setFilters]);

  const setCount = filtersSet(filters);
  const exportCsv = isAdmin ? (
    <a href={leadsCsvUrl(filters)} download className={buttonClasses('secondary', 'md', 'h-10.5')}>
      Export CSV
    </a>
  ) : null;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <form
        role="search"
        className="flex-1 sm:min-w-64"
        onSubmit={(event) => {
          event.preventDefault();
          void setFilters({ q: query });
        }}
      >
        <label htmlFor="lead-search" className="block text-sm font-medium text-slate-800">
          Search leads
        </label>
        <input
          ref={searchBox}
          id="lead-search"
          type="search"
          aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.search)}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name, e-mail or company"
          className={`mt-1 ${LINE_CONTROL}`}
        />
      </form>
      <div className="flex gap-2 sm:hidden">
        <button type="button" aria-expanded={open} aria-controls={PANEL_ID} onClick={() => setOpen((o) => !o)} className={buttonClasses('secondary', 'md', 'h-10.5 flex-1 justify-between')}>
          <span>
            Filters
            {setCount ? (
              <>
                {' '}
                <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{setCount}</span>
                <span className="sr-only"> set</span>
              </>
            ) : null}
          </span>
          <span aria-hidden="true" className={`text-xs transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
        {exportCsv}
      </div>
      {/* Below 640 px a panel of two columns under the button; from 640 px its fields join the row (`contents`). */}
      <div id={PANEL_ID} className={`${open ? 'grid' : 'hidden'} grid-cols-2 items-end gap-3 sm:contents`}>
        {isAdmin ? (
          <div>
            <label htmlFor="lead-owner" className="block text-sm font-medium text-slate-800">
              Owner
            </label>
            <select id="lead-owner" value={filters.owner} onChange={(event) => void setFilters({ owner: event.target.value as Filters['owner'] })} className={`mt-1 ${LINE_CONTROL} sm:w-36`}>
              {OWNER_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="lead-stage" className="block text-sm font-medium text-slate-800">
            Stage
          </label>
          <select id="lead-stage" value={filters.stage} onChange={(event) => void setFilters({ stage: event.target.value as Filters['stage'] })} className={`mt-1 ${LINE_CONTROL} sm:w-36`}>
            <option value="">All stages</option>
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {LEAD_STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lead-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="lead-status" value={filters.status} onChange={(event) => void setFilters({ status: event.target.value })} className={`mt-1 ${LINE_CONTROL} sm:w-44`}>
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        {isAdmin && (events.length || filters.event) ? (
          <div>
            <label htmlFor="lead-event" className="block text-sm font-medium text-slate-800">
              Event
            </label>
            <select id="lead-event" value={filters.event} onChange={(event) => void setFilters({ event: event.target.value })} className={`mt-1 ${LINE_CONTROL} sm:w-52`}>
              <option value="">All leads</option>
              {events.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name} ({e.leadCount})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <QualifyFilters />
        {/* Submissions that tripped the spam guards wait here, out of the list and the stats, until released. */}
        {isAdmin ? (
          <label className="col-span-2 flex h-10.5 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={filters.spam}
              onChange={(event) => void setFilters({ spam: event.target.checked })}
              className="h-4 w-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
            />
            Suspected spam
          </label>
        ) : null}
      </div>
      {exportCsv ? <div className="hidden sm:block">{exportCsv}</div> : null}
    </div>
  );
}
