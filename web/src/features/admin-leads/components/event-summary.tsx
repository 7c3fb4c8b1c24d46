// The event chosen in the dashboard's event filter, summed up by the server: leads per rep, by
// rating, with card photos, synced to the CRM, with consent; and that event's CSV.
import { useEffect, useState } from 'react';
import type { EventDetail } from '@contract';
import { buttonClasses } from '../../../components/ui/button';
import { describeError, isUnauthorized } from '../../../lib/server-error';
import { sessionExpired } from '../../../lib/session-expired';
import { eventCsvUrl, fetchEventSummary } from '../leads-api';
import { useLeadsStore } from '../leads-store';

export function EventSummaryPanel() {
  const event = useLeadsStore((s) => s.filters.event);
  const [summary, setSummary] = useState<EventDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The live stream's changes read it again behind the figures shown; only another event starts blank.
  const liveVersion = useLeadsStore((s) => s.liveVersion);
  useEffect(() => {
    setSummary(null);
    setError(null);
  }, [event]);

  useEffect(() => {
    if (!event) return;
    let live = true;
    fetchEventSummary(event).then(
      (answer) => live && setSummary(answer),
      (err: unknown) => {
        if (isUnauthorized(err)) sessionExpired('titled');
        if (live) setError(describeError(err));
      },
    );
    return () => {
      live = false;
    };
  }, [event, liveVersion]);

  if (!event) return null;
  return (
    <section aria-labelledby="event-summary-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="event-summary-heading" className="text-base font-semibold text-slate-900">
          {event}
        </h3>
        <a href={eventCsvUrl(event)} download className={buttonClasses('secondary', 'sm')}>
          Download event CSV
        </a>
      </div>
      {error ? <p className="text-sm text-red-700">The event summary could not be loaded: {error}</p> : null}
      {!summary && !error ? <p className="text-sm text-slate-600">Loading the event summary...</p> : null}
      {summary ? <SummaryFigures summary={summary} /> : null}
    </section>
  );
}

function SummaryFigures({ summary }: { summary: EventDetail }) {
  const { byRating, crm, consent } = summary;
  const figures = [
    { label: 'Leads', value: summary.leadCount },
    { label: 'Hot', value: byRating.hot },
    { label: 'Warm', value: byRating.warm },
    { label: 'Cold', value: byRating.cold },
    { label: 'Unrated', value: byRating.unrated },
    { label: 'With photos', value: summary.withPhotos },
    { label: 'Synced to CRM', value: crm.synced },
    { label: 'CRM pending', value: crm.pending },
    { label: 'CRM failed', value: crm.failed },
    { label: 'Consent given', value: consent.given },
    { label: 'No consent', value: consent.notGiven },
  ];
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Event figures">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-slate-50 px-2 py-2 text-center">
            <dt className="text-xs text-slate-600">{f.label}</dt>
            <dd className="text-lg font-bold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Captures per rep</h4>
        <ul className="divide-y divide-slate-100" aria-label="Captures per rep">
          {summary.byRep.map((rep) => (
            <li key={rep.userId ?? 'deleted'} className="flex justify-between py-1">
              <span>{rep.name ?? 'Deleted account'}</span>
              <span className="font-semibold">{rep.leadCount}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
