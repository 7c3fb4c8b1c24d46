import { format } from 'date-fns';

export { formatCount, formatPercent, formatPipelineValue, formatPrice, formatWait } from './format-number';

/** Dates as `Nov 22, 2026` (`MMM d, yyyy`) everywhere. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

/** A moment as `Nov 22, 2026 at 3:04 PM`: the app's date format plus the time of day. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} at ${format(new Date(iso), 'h:mm a')}`;
}
