// What the admin search box matches, and how each engine finds it quickly at a million leads.
//
// A lead matches when its full name ("first last"), e-mail or company contains the term, ignoring case
// (lower() on both sides; SQLite's lower() folds ASCII letters only, PostgreSQL's folds every letter). %, _
// and \ in the term are literal. That LIKE is the one definition of a match on both engines; the indexes only
// propose candidates, each of which the LIKE then checks, so an index can never change what is found.
//
// How a page is found (migration 030 builds the indexes and keeps them in the lead's transaction):
// - The newest RECENT_WINDOW leads are checked first. A common term (a mailbox provider, a frequent name)
//   fills the page from them, which no index beats: an index would hand back every one of its matches to be
//   sorted by date.
// - Otherwise the trigram index proposes the candidates: FTS5 (trigram tokenizer) on SQLite, pg_trgm GIN
//   indexes on PostgreSQL, which its planner picks for the LIKE by itself.
// - A term shorter than 3 characters has no trigram to look up: it is answered by reading leads newest first
//   until the page is full. Short terms are common, so that stops early; a rare one (two letters in no name,
//   e-mail or company) reads every lead. On PostgreSQL the same holds for a term without three letters or
//   digits in a row (pg_trgm indexes words only), e.g. "%%%".
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { searchIndexIsSeparateTable } from '../../db/dialect';
import { containsPattern } from '../../lib/like-pattern';

/** How many of the newest leads (after the page's filters) are checked before the index is asked. */
export const RECENT_WINDOW = 5000;
const TRIGRAM = 3;

export { containsPattern };

/** The definition of a match. `leads` must name the table or a subquery of its rows. */
export function whereContains(query: Knex.QueryBuilder, q: string): void {
  const pattern = containsPattern(q);
  query.where((w) =>
    w
      .whereRaw(`lower(leads.first_name || ' ' || leads.last_name) like ? escape '\\'`, [pattern])
      .orWhereRaw(`lower(leads.email) like ? escape '\\'`, [pattern])
      .orWhereRaw(`lower(leads.company) like ? escape '\\'`, [pattern]),
  );
}

/** Whether the trigram index can propose candidates for this term (3 characters or more). */
export function searchIndexServes(q: string): boolean {
  return [...q.toLowerCase()].length >= TRIGRAM;
}

/**
 * Limits the query to the index's candidates. PostgreSQL needs nothing here: its GIN indexes are on the very
 * expressions whereContains compares. SQLite's FTS5 table is asked for the term as one phrase, which the
 * trigram tokenizer matches as a case-folded substring of a column: every lead whereContains accepts is among
 * the candidates (the term is lowered as the LIKE pattern is, and FTS5 folds at least the letters lower() does).
 */
export function whereIndexCandidates(db: Db, query: Knex.QueryBuilder, q: string): void {
  if (!searchIndexIsSeparateTable(db) || !searchIndexServes(q)) return;
  const phrase = `"${q.toLowerCase().replace(/"/g, '""')}"`;
  query.whereRaw('leads.id in (select rowid from leads_search where leads_search match ?)', [phrase]);
}
