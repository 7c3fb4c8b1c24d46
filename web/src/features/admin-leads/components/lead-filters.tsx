// Search (name, e-mail, company) and status filter, both answered by the server, plus the CSV
// export of exactly what is filtered. Typing settles for a moment before the list reloads; `/` puts the
// cursor in the search box from anywhere on the dashboard.
import { useEffect, useRef, useState } from 'react';
import { LEAD_STATUSES } from '@contract';
import { buttonClasses } from '../../../components/ui/button';
import { ariaKeyShortcuts, SHORTCUTS, useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { leadsCsvUrl } from '../leads-api';
import { useLeadsStore } from '../leads-store';
import { QualifyFilters } from './qualify-filters';

const SEARCH_SETTLE_MS = 300;

export function LeadFilters() {
  const filters = useLeadsStore((s) => s.filters);
  const setFilters = useLeadsStore((s) => s.setFilters);
  const events = useLeadsStore((s) => s.events);
  const [query, setQuery] = useState(filters.q);
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
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </form>
      <div>
        <label htmlFor="lead-status" className="block text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id="lead-status"
          value={filters.status}
          onChange={(event) => void setFilters({ status: event.target.value })}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:w-44"
        >
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      {events.length || filters.event ? (
        <div>
          <label htmlFor="lead-event" className="block text-sm font-medium text-slate-800">
            Event
          </label>
          <select
            id="lead-event"
            value={filters.event}
            onChange={(event) => void setFilters({ event: event.target.value })}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:w-52"
          >
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
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:mb-2.5">
        <input
          type="checkbox"
          checked={filters.spam}
          onChange={(event) => void setFilters({ spam: event.target.checked })}
          className="h-4 w-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
        />
        Suspected spam
      </label>
      <a href={leadsCsvUrl(filters)} download className={buttonClasses('secondary', 'md', 'sm:mb-px')}>
        Export CSV
      </a>
    </div>
  );
}
