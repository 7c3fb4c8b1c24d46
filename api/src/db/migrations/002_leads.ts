import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leads', (t) => {
    t.increments('id').primary();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('email', 254).notNullable().index();
    t.string('company', 200);
    t.string('phone', 40);
    t.string('industry', 40);
    t.string('volume', 40);
    t.text('message');
    t.string('lead_source', 100).notNullable();
    t.string('source', 200).notNullable();
    t.string('status', 40).notNullable().defaultTo('new');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    // The dashboard lists newest first with keyset paging on (created_at, id).
    t.index(['created_at', 'id']);
    t.index(['status', 'created_at']);
  });
  // Counts per day, status and volume, kept in the same transaction as every lead write, so the dashboard's
  // stats stay a handful of rows to sum however many leads there are.
  await knex.schema.createTable('lead_rollups', (t) => {
    t.string('day', 10).notNullable();
    t.string('status', 40).notNullable();
    t.string('volume', 40).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['day', 'status', 'volume']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_rollups');
  await knex.schema.dropTable('leads');
}
