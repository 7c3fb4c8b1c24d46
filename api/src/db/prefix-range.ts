// "This text starts with these characters" answered by a B-tree index: the texts that start with a prefix sit
// side by side in code-point order, from the prefix itself up to (not including) the first text after all of
// them, so the index reads only that stretch. The engines differ in one thing: SQLite's default collation
// (BINARY) already is code-point order, while PostgreSQL's default collation follows a language's rules
// (punctuation ignored at first, accents after letters) in which a prefix's matches need not be side by side,
// so there the key is compared under the "C" collation, which is byte order, i.e. code-point order in UTF-8.
//
// The indexes these ranges read are migration 045's, built on exactly `prefixKey`'s expression.
import type { Knex } from 'knex';
import { isPostgres } from './engine';
import type { Db } from './knex';

/** The key a prefix index holds for `column`: the column in lower case, in code-point order. */
export function prefixKey(db: Db, column: string): string {
  return isPostgres(db) ? `lower(${column}) collate "C"` : `lower(${column})`;
}

const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = { first: 0xd800, last: 0xdfff };

/**
 * The first text after every text that starts with `prefix`, in code-point order: the prefix with its last
 * character replaced by the next one (skipping the surrogates, which no stored text contains); null when
 * there is none (a prefix of U+10FFFF only), so the range has no upper end.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length > 0) {
    let last = points.pop()! + 1;
    if (last >= SURROGATES.first && last <= SURROGATES.last) last = SURROGATES.last + 1;
    if (last <= MAX_CODE_POINT) return String.fromCodePoint(...points, last);
  }
  return null;
}

/** Keeps the rows whose `prefixKey(column)` starts with `prefix` (already in lower case), as a range of that index. */
export function whereKeyStartsWith(db: Db, query: Knex.QueryBuilder, column: string, prefix: string): Knex.QueryBuilder {
  const key = prefixKey(db, column);
  query.whereRaw(`${key} >= ?`, [prefix]);
  const upper = prefixUpperBound(prefix);
  if (upper !== null) query.whereRaw(`${key} < ?`, [upper]);
  return query;
}

/**
 * The ids of the newest `limit` of `rows` whose `prefixKey(column)` starts with `prefix`, as a subquery named
 * `alias`. `rows` selects `id` and `created_at` of its table, newest first by (created_at, id), with its own
 * conditions. Read from the key's prefix index on both engines; on PostgreSQL the range sits behind a fence
 * (`offset 0`, which its planner does not see through), because given an ORDER BY with a LIMIT it may instead
 * walk the (created_at, id) index newest first, hoping to meet `limit` matches soon. A prefix that is rare
 * among the newest rows, the only kind asked for here, then reads most of the table.
 */
export function newestStartingWith(db: Db, rows: Knex.QueryBuilder, column: string, prefix: string, limit: number, alias: string): Knex.QueryBuilder {
  whereKeyStartsWith(db, rows, column, prefix);
  if (!isPostgres(db)) return db.select('id').from(rows.limit(limit).as(alias));
  const newest = db
    .select('matches.id')
    .from(db.raw('(? offset 0) as matches', [rows.clearOrder()]))
    .orderBy([
      { column: 'matches.created_at', order: 'desc' },
      { column: 'matches.id', order: 'desc' },
    ])
    .limit(limit);
  return db.select('id').from(newest.as(alias));
}
