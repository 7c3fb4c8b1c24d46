import { format } from 'date-fns';

/** Dates as `Nov 22, 2026` (`MMM d, yyyy`) everywhere. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

/** Pipeline value in thousands of dollars, one decimal, suffix K: 12345 → `$12.3K`. */
export function formatPipelineValue(dollars: number): string {
  return `$${(dollars / 1000).toFixed(1)}K`;
}

export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** Per-piece prices keep the precision they were given: $0.62, $0.835. */
export function formatPrice(dollars: number): string {
  const decimals = Math.round(dollars * 1000) % 10 === 0 ? 2 : 3;
  return `$${dollars.toFixed(decimals)}`;
}

/** A moment as `Nov 22, 2026 at 3:04 PM`: the app's date format plus the time of day. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} at ${format(new Date(iso), 'h:mm a')}`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}
