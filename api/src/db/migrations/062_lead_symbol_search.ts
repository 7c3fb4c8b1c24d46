import type { Knex } from 'knex';

// pg_trgm (migration 030) indexes words of letters and digits only, so on PostgreSQL a search term of three
// characters or more without a run of three letters or digits ("%%%", "q b", "ab-c") had nothing to look up,
// or only trigrams as common as "  b", and read most of the leads (0.2-0.8 s at a million). This index keeps
// the three-character sequences of each searched column that hold a character other than a letter or digit
// (every sequence of such a term does: three letters or digits in a row would have been pg_trgm's), and
// answers those terms: a lead contains the term only if it holds all of the term's sequences, and the term's
// go through the same function, so the same ones are kept on both sides whatever the locale calls a letter.
// About a fifth of all sequences, which keeps the index and its cost per stored lead small.
// The expression must stay the one api/src/db/dialect.ts compares (whereTrigramCandidates).
// SQLite needs nothing: its FTS5 table indexes every character.
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // Each non-null part's sequences holding a non-alphanumeric character, none spanning two parts. IMMUTABLE so
  // it can be indexed.
  await knex.raw(`create function lead_symbol_trigrams(variadic parts text[]) returns text[]
    language sql immutable parallel safe
    as $$ select coalesce(array_agg(distinct g), '{}') from unnest(parts) as p, generate_series(1, length(p) - 2) as i, substr(p, i, 3) as g where p is not null and g ~ '[^[:alnum:]]' $$`);
  await knex.raw(`create index leads_search_symbols on leads using gin (lead_symbol_trigrams(lower(first_name || ' ' || last_name), lower(email), lower(company)))`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw('drop index if exists leads_search_symbols');
  await knex.raw('drop function if exists lead_symbol_trigrams(text[])');
}
