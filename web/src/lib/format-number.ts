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
