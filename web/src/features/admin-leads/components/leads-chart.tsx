// Leads per day over the last 30 days, drawn with uPlot. uPlot and its CSS are
// imported only here, so they ship in the admin chunk and never in a public page's bundle. The canvas is
// hidden from assistive technology; the same numbers are available as a table under "Show data".
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { format } from 'date-fns';
import { useLeadsStore } from '../leads-store';
import { dailySeries, type DaySeries } from '../leads-by-day';

const HEIGHT = 220;
const HALF_DAY_S = 43_200;

function dayLabel(seconds: number): string {
  // The series is in UTC days; shift to a local Date that prints the same calendar day.
  const d = new Date(seconds * 1000);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), 'MMM d');
}

export function LeadsChart() {
  const leadsByDay = useLeadsStore((s) => s.stats?.leadsByDay);
  const failed = useLeadsStore((s) => s.statsStatus === 'error' && !s.stats);
  const series = useMemo(() => (leadsByDay ? dailySeries(leadsByDay) : null), [leadsByDay]);
  const total = series ? series.counts.reduce((a, b) => a + b, 0) : 0;
  if (failed) return null; // The stat cards already say the stats could not be loaded.

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">Leads per day</span>
        <span className="text-sm text-slate-600">{series ? `${total} in the last 30 days` : 'Loading...'}</span>
      </figcaption>
      {series ? <Plot series={series} /> : <div style={{ height: HEIGHT }} />}
      {series ? <DataTable series={series} /> : null}
    </figure>
  );
}

function Plot({ series }: { series: DaySeries }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false } },
        scales: {
          // Half a day of room either side, so the first and last bars are whole.
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] },
        },
        axes: [
          { stroke: '#475569', grid: { show: false }, ticks: { stroke: '#cbd5e1' } },
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { show: false }, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        series: [
          {},
          // No outline: a quiet day then draws nothing rather than a stray dash on the axis.
          { label: 'Leads', stroke: '#2563eb', fill: '#3b82f6', width: 0, paths: uPlot.paths.bars?.({ size: [0.7, 28] }), points: { show: false } },
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      },
      [series.days, series.counts],
      el,
    );
    // The card's width follows the layout (sidebar, phone); the canvas follows the card.
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series]);

  const day = hovered === null ? null : series.days[hovered];
  return (
    <>
      <p className="mt-1 h-5 text-sm text-slate-700" aria-hidden="true">
        {day !== undefined && day !== null ? `${dayLabel(day)}: ${series.counts[hovered ?? 0]} leads` : ''}
      </p>
      <div ref={box} aria-hidden="true" className="w-full" />
    </>
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
