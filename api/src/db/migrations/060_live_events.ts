import type { Knex } from 'knex';

// The live stream's replay window: each event staff screens were sent, numbered in the order it was stored,
// so a screen that dropped its connection resumes after the last number it saw (Last-Event-ID) from any
// server process. Rows older than the window are pruned; the newest row always stays, so the next number
// and "is this id still in the window" are known after a quiet night too.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_events', (t) => {
    t.increments('id').primary();
    t.string('type', 40).notNullable();
    t.string('at', 30).notNullable();
    t.integer('record_id').notNullable();
    t.string('title', 300).notNullable();
    t.integer('rep_user_id').nullable();
    t.string('record_kind', 20).notNullable();
    t.text('record').notNullable();
  });
  await knex.raw('create index live_events_at on live_events (at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_events');
}
