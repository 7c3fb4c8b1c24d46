// The chart's series: one point per UTC day over the chart's window (CHART_DAYS), zero where the server sent no row, so a
// quiet day shows as a gap in activity rather than vanishing from the axis.
import { CHART_DAYS, type LeadsByDay } from '@contract';

const DAY_MS = 86_400_000;

export interface DaySeries {
  /** Unix seconds at 00:00 UTC of each day, as uPlot's time axis expects. */
  days: number[];
  counts: number[];
}

export function dailySeries(rows: LeadsByDay[], now = new Date()): DaySeries {
  const byDate = new Map(rows.map((r) => [r.date, r.count]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: number[] = [];
  const counts: number[] = [];
  for (let i = CHART_DAYS - 1; i >= 0; i--) {
    const ms = today - i * DAY_MS;
    days.push(ms / 1000);
    counts.push(byDate.get(new Date(ms).toISOString().slice(0, 10)) ?? 0);
  }
  return { days, counts };
}
