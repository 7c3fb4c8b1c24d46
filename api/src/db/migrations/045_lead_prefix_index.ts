import type { Knex } from 'knex';

// Search terms of one or two characters have no trigram for the search index of migration 030: they matched
// as a substring by reading leads newest first, which at a million leads took half a second whenever few or
// none matched (`qz`, `%`). Such a term now matches a lead whose first name, last name, e-mail or company
// starts with it, and these indexes answer that: one B-tree per column on the column in lower case (the key
// of api/src/db/prefix-range.ts: code-point order, hence collate "C" on PostgreSQL), followed by
// (created_at, id), so the newest matches of a prefix are found from the index alone, without reading the
// leads. Partial, like the default list (`spam_reason is null`): the suspected spam is a short list of its own.
// PostgreSQL also keeps the column itself (`include`), which its planner needs before it reads an expression
// index without the table.
const COLUMNS = ['first_name', 'last_name', 'email', 'company'] as const;

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  for (const column of COLUMNS) {
    await knex.raw(
      pg
        ? `create index leads_prefix_${column} on leads ((lower(${column}) collate "C"), created_at, id) include (${column}) where spam_reason is null`
        : `create index leads_prefix_${column} on leads (lower(${column}), created_at, id) where spam_reason is null`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of COLUMNS) await knex.raw(`drop index if exists leads_prefix_${column}`);
}
