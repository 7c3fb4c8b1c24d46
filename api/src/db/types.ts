// Normalising what the two engines hand back (Ghost's db-types): SQLite gives 0/1 and ISO strings,
// PostgreSQL gives booleans and Date objects. Rows leave the query layer in one shape.

export function toBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't' || v === 'true';
}

export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  if (typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  throw new TypeError(`not a timestamp: ${String(v)}`);
}

/** Timestamps are written as ISO strings on both engines, so SQLite's text compares in time order. */
export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString();
}

export function parseJson<T>(v: unknown, fallback: T): T {
  if (v == null) return fallback;
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
