import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.string('scope', 60).notNullable();
    t.string('key', 200).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('state', 20).notNullable(); // processing | done
    t.integer('response_status');
    t.text('response_body');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['scope', 'key']);
    t.index(['created_at']);
  });
  // Fixed one-minute windows per bucket; shared by every server process through the database.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('bucket', 200).notNullable();
    t.bigInteger('window_start').notNullable();
    t.integer('count').notNullable();
    t.primary(['bucket', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('idempotency_keys');
}
