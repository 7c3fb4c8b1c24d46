import type { Knex } from 'knex';

// The durable queue between the website and the CRM: one row per lead or sample request, written in the same
// transaction as the record, so nothing stored can miss the CRM. Workers in any server process claim due rows
// (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: a conditional update) and write the outcome back here.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crm_sync_jobs', (t) => {
    t.increments('id').primary();
    t.string('kind', 20).notNullable(); // lead | sample_request
    t.integer('record_id').notNullable();
    t.string('state', 20).notNullable().defaultTo('pending'); // pending | running | done | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.text('last_error');
    t.string('locked_by', 100);
    t.timestamp('locked_at', { useTz: true });
    // Checkpoints of what already exists in Pipedrive, so a retry after a crash reuses them.
    t.string('person_id', 64);
    t.string('org_id', 64);
    t.string('deal_id', 64);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['kind', 'record_id']);
    t.index(['state', 'next_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('crm_sync_jobs');
}
