// Lists of ids bound into one statement stay well under the engines' limits on bound values (SQLite 32,766,
// PostgreSQL 65,535) whatever their length: callers loop over chunks.
export const IDS_PER_STATEMENT = 500;

export function chunksOf<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
