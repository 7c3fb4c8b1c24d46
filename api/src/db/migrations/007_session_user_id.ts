import type { Knex } from 'knex';

// Sessions remember whose they are, so resetting an account's password (user:add) can end that account's
// sessions everywhere. No foreign key: requireUser re-reads the user on every request anyway.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.integer('user_id').nullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropIndex(['user_id']);
    t.dropColumn('user_id');
  });
}
