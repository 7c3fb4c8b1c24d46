// What the chart and its data table share: the canvas height (the placeholder keeps it while uPlot loads)
// and a day's label.
import { format } from 'date-fns';

/** The canvas height: lower on a phone, where the chart would otherwise push the leads a screen down. */
export function chartHeight(wide: boolean): number {
  return wide ? 220 : 140;
}

export function dayLabel(seconds: number): string {
  // The series is in UTC days; shift to a local Date that prints the same calendar day.
  const d = new Date(seconds * 1000);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), 'MMM d');
}
