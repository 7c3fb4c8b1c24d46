// Leads per day over the last 30 days: a canvas (leads-plot.tsx, loaded on its own) hidden from assistive
// technology, and the same numbers as a table under "Show data". Should the canvas fail to load or draw, the
// card says so and keeps the table; the rest of the dashboard is not touched.
import { lazy, Suspense, useMemo } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLeadsStore } from '../leads-store';
import { dailySeries, type DaySeries } from '../leads-by-day';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { chartHeight, dayLabel } from './chart-days';

const LeadsPlot = lazy(() => import('./leads-plot'));

export function LeadsChart() {
  const leadsByDay = useLeadsStore((s) => s.stats?.leadsByDay);
  const failed = useLeadsStore((s) => s.statsStatus === 'error' && !s.stats);
  const series = useMemo(() => (leadsByDay ? dailySeries(leadsByDay) : null), [leadsByDay]);
  const total = series ? series.counts.reduce((a, b) => a + b, 0) : 0;
  const placeholderHeight = chartHeight(useMediaQuery(WIDE_SCREEN)) + 24;
  if (failed) return null; // The stat cards already say the stats could not be loaded.

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">Leads per day</span>
        <span className="text-sm text-slate-600">{series ? `${total} in the last 30 days` : 'Loading...'}</span>
      </figcaption>
      {series ? (
        <ErrorBoundary fallback={<p className="mt-2 text-sm text-slate-700">The chart cannot be drawn in this browser; the numbers are under "Show data".</p>}>
          <Suspense fallback={<div style={{ height: placeholderHeight }} />}>
            <LeadsPlot series={series} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <div style={{ height: placeholderHeight }} />
      )}
      {series ? <DataTable series={series} /> : null}
    </figure>
  );
}

function DataTable({ series }: { series: DaySeries }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">Show data</summary>
      <div className="relative mt-2 max-h-60 overflow-y-auto" role="region" aria-label="Leads per day data" tabIndex={0}>
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold text-slate-700">Day</th>
              <th scope="col" className="py-1 font-semibold text-slate-700">Leads</th>
            </tr>
          </thead>
          <tbody>
            {series.days.map((d, i) => (
              <tr key={d} className="border-t border-slate-100">
                <td className="py-1 pr-4 text-slate-700">{dayLabel(d)}</td>
                <td className="py-1 text-slate-900">{series.counts[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
