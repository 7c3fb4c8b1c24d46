// The leads-per-day canvas, drawn with uPlot. uPlot and its CSS are imported only here and this module is
// loaded on its own (leads-chart.tsx), so they never ship in a public page's bundle, and a browser that cannot
// run uPlot (it calls Intl.NumberFormat(navigator.language) on load, which throws under a tag like "C") loses
// the canvas only, not the dashboard.
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DaySeries } from '../leads-by-day';
import { WIDE_SCREEN } from '../../../lib/use-media-query';
import { chartHeight, dayLabel } from './chart-days';

const HALF_DAY_S = 43_200;

export default function LeadsPlot({ series }: { series: DaySeries }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const height = () => chartHeight(window.matchMedia(WIDE_SCREEN).matches);
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: height(),
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
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: height() }));
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
