// Number formats, apart from the date formats in format.ts: a public page showing a price must not carry
// the date library.

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

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/**
 * A wait or a response time as the desk shows it, to the minute: `<1 min`, `12 min`, `2 h 5 min`, `3 d 4 h`.
 * Anything under a minute is one reading; the largest two units are enough to act on.
 */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return '<1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
