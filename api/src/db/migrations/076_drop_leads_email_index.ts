import type { Knex } from 'knex';

// The first migration's index on leads' e-mail as typed serves no query any more: finding a person compares
// `email_normalised` (migration 071's index), search matches lower(email) through the trigram and prefix indexes
// (030, 045), and nothing sorts by it. Every stored lead still paid for it: one more B-tree insert, at a random
// place (addresses arrive in no order), so one more page written to the log at each lead's commit.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists leads_email_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists leads_email_index on leads (email)');
}
