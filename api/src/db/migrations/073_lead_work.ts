import type { Knex } from 'knex';

// Speed to lead (issue #31, docs/architecture.md "Lead work"):
// - `leads.owner_user_id`: the staff member working the lead (null: unassigned); an account that is deleted
//   leaves its leads unassigned. `stage` is the sales team's own (new, contacted, qualified, not_a_fit), apart
//   from the CRM sync's `status`; `stage_reason` says why a lead is not a fit. `first_response_at` is set once,
//   in the update that first moves a lead past New, so the clock is read from stored times only.
//   `overdue_notified_at` marks a lead the overdue sweep raised, so it raises each lead once.
// - Index `leads_owner_created`: the desk's "Mine" (owner = me) and "Unassigned" (owner is null) in the list's
//   order (created_at desc, id desc), on both engines (a btree keeps nulls too).
// - `lead_timeline`: notes and every owner and stage change, with who and when, newest first per lead; it goes
//   with the lead (cascade) and is part of the person's export and erasure.
export async function up(knex: Knex): Promise<void> {
  const postgres = knex.client.config.client === 'pg';
  if (postgres) {
    await knex.schema.alterTable('leads', (t) => {
      t.integer('owner_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    });
  } else {
    // Knex adds a foreign key on SQLite by copying the whole table; SQLite accepts a referencing column as is.
    await knex.raw('alter table leads add column owner_user_id integer references users (id) on delete set null');
  }
  await knex.schema.alterTable('leads', (t) => {
    t.string('stage', 20).notNullable().defaultTo('new');
    t.string('stage_reason', 200).nullable();
    t.timestamp('stage_changed_at', { useTz: true }).nullable();
    t.timestamp('first_response_at', { useTz: true }).nullable();
    t.timestamp('overdue_notified_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('leads', (t) => {
    t.index(['owner_user_id', 'created_at', 'id'], 'leads_owner_created');
  });
  await knex.schema.createTable('lead_timeline', (t) => {
    t.increments('id').primary();
    t.integer('lead_id').notNullable().references('id').inTable('leads').onDelete('CASCADE');
    t.string('kind', 10).notNullable(); // note | owner | stage
    t.integer('actor_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('body').nullable(); // a note's text, or a Not a fit reason
    t.string('from_value', 40).nullable(); // owner: a user id; stage: a stage
    t.string('to_value', 40).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['lead_id', 'created_at', 'id'], 'lead_timeline_lead');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_timeline');
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['owner_user_id', 'created_at', 'id'], 'leads_owner_created');
  });
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumns('owner_user_id', 'stage', 'stage_reason', 'stage_changed_at', 'first_response_at', 'overdue_notified_at');
  });
}
