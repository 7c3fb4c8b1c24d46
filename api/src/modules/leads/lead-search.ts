// What the admin search box matches, and how each engine finds it quickly at a million leads.
//
// A term of 3 characters or more matches a lead when its full name ("first last"), e-mail or company contains
// it; a term of 1 or 2 characters, when its first name, last name, e-mail or company starts with it (a
// substring that short is in most leads, so "contains" would find noise, and no index can serve it). Both
// ignore case (lower() on both sides; SQLite's lower() folds ASCII letters only, PostgreSQL's folds every
// letter), and %, _ and \ in the term are literal. whereMatches is the one definition on both engines; the
// indexes only propose candidates, each of which it then checks, so an index can never change what is found.
//
// How a page is found (migrations 030 and 062 build the trigram indexes, 045 the prefix indexes, all kept in
// the lead's transaction):
// - The newest RECENT_WINDOW leads are checked first. A common term (a mailbox provider, a frequent name, one
//   letter) fills the page from them, which no index beats: an index would hand back every one of its
//   matches to be sorted by date.
// - Otherwise, for 3 characters or more, the trigram index proposes the candidates: FTS5 (trigram tokenizer)
//   on SQLite, pg_trgm GIN indexes on PostgreSQL, which its planner picks for the LIKE by itself; on
//   PostgreSQL a term without a run of three letters or digits (e.g. "%%%", "q b"), which pg_trgm cannot look
//   up, asks migration 062's index of the three-character sequences holding a non-alphanumeric character.
// - For 1 or 2 characters, each column's prefix index hands over its newest matches (whereShortTermCandidates),
//   read from the index alone.
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { whereTrigramCandidates } from '../../db/dialect';
import { newestStartingWith, whereKeyStartsWith } from '../../db/prefix-range';
import { containsPattern } from '../../lib/like-pattern';

/** How many of the newest leads (after the page's filters) are checked before the index is asked. */
export const RECENT_WINDOW = 5000;
const TRIGRAM = 3;

export { containsPattern };

/** The columns a short term may start, each with its prefix index (migration 045). */
const PREFIX_COLUMNS = ['first_name', 'last_name', 'email', 'company'] as const;

/** A term of 1 or 2 characters: it matches the start of a column rather than anywhere in one. */
export function isShortTerm(q: string): boolean {
  return !searchIndexServes(q);
}

/** The definition of a match. `leads` must name the table or a subquery of its rows. */
export function whereMatches(db: Db, query: Knex.QueryBuilder, q: string): void {
  if (!isShortTerm(q)) {
    whereContains(query, q);
    return;
  }
  const prefix = q.toLowerCase();
  query.where((w) => {
    for (const column of PREFIX_COLUMNS) w.orWhere((one) => void whereKeyStartsWith(db, one, `leads.${column}`, prefix));
  });
}

/**
 * Limits the query to the leads that can make its page for a short term: for each column, the newest `limit`
 * leads whose column starts with the term, among those `narrowed` keeps (the page's filters and its place
 * after `before=`, newest first), read from that column's prefix index. Each of the page's leads is among the
 * newest `limit` of a column it matches, so none is missed; at most 4 × `limit` leads are then read.
 */
export function whereShortTermCandidates(db: Db, query: Knex.QueryBuilder, q: string, limit: number, narrowed: (leads: Knex.QueryBuilder) => Knex.QueryBuilder): void {
  const prefix = q.toLowerCase();
  const [first, ...rest] = PREFIX_COLUMNS.map((column) =>
    newestStartingWith(db, narrowed(db('leads').select('leads.id', 'leads.created_at')), `leads.${column}`, prefix, limit, `by_${column}`),
  );
  // Not wrapped in parentheses: SQLite refuses a parenthesised member of a compound select.
  query.whereIn('leads.id', first!.unionAll(rest, false));
}

/** The definition of a match for a term of 3 characters or more (whereMatches). */
export function whereContains(query: Knex.QueryBuilder, q: string): void {
  const pattern = containsPattern(q);
  query.where((w) =>
    w
      .whereRaw(`lower(leads.first_name || ' ' || leads.last_name) like ? escape '\\'`, [pattern])
      .orWhereRaw(`lower(leads.email) like ? escape '\\'`, [pattern])
      .orWhereRaw(`lower(leads.company) like ? escape '\\'`, [pattern]),
  );
}

/**
 * The search indexes of migrations 030 and 062: SQLite's FTS5 table, and PostgreSQL's index of every
 * three-character sequences with a symbol, whose expression a query must repeat exactly for the planner to use.
 */
const SEARCH_INDEX = {
  idColumn: 'leads.id',
  ftsTable: 'leads_search',
  chars: `lead_symbol_trigrams(lower(leads.first_name || ' ' || leads.last_name), lower(leads.email), lower(leads.company))`,
};

/** Whether the trigram index can propose candidates for this term (3 characters or more). */
export function searchIndexServes(q: string): boolean {
  return [...q.toLowerCase()].length >= TRIGRAM;
}

/** Limits the query to the trigram index's candidates for the term, when it has any to propose. */
export function whereIndexCandidates(db: Db, query: Knex.QueryBuilder, q: string): void {
  if (searchIndexServes(q)) whereTrigramCandidates(db, query, SEARCH_INDEX, q);
}
