import type { Knex } from 'knex';

// pg_trgm (migration 030) indexes words of letters and digits only, so on PostgreSQL a search term of three
// characters or more without a run of three letters or digits ("%%%", "q b", "ab-c") had nothing to look up,
// or only trigrams as common as "  b", and read most of the leads (0.2-0.8 s at a million). This index keeps
// every three-character sequence of each searched column, whatever the characters (as SQLite's FTS5 trigram
// table already does), and answers such terms: a lead contains the term only if it holds all of the term's
// sequences. The expression must stay the one api/src/db/dialect.ts compares (whereTrigramCandidates).
// SQLite needs nothing: its FTS5 table indexes every character.
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // Each non-null part's three-character sequences, none spanning two parts. IMMUTABLE so it can be indexed.
  await knex.raw(`create function lead_char_trigrams(variadic parts text[]) returns text[]
    language sql immutable parallel safe
    as $$ select coalesce(array_agg(distinct substr(p, i, 3)), '{}') from unnest(parts) as p, generate_series(1, length(p) - 2) as i where p is not null $$`);
  await knex.raw(`create index leads_search_chars on leads using gin (lead_char_trigrams(lower(first_name || ' ' || last_name), lower(email), lower(company)))`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw('drop index if exists leads_search_chars');
  await knex.raw('drop function if exists lead_char_trigrams(text[])');
}
