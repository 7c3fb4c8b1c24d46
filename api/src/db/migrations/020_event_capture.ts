import type { Knex } from 'knex';

// Leads captured by staff at events: the event's name and the account that captured the lead.
//
// One lead per person per event: the unique index on (event_name, lower(email)) is what makes a second
// capture of the same e-mail at the same event merge into the first even when two reps send at the same
// moment (the loser of the race gets a unique violation and merges instead). It also serves the
// dashboard's event filter, which reads by its leading column. Leads from the website have no event and
// are left out of it (a partial index), so any number of them may share an e-mail. Both engines accept
// expression and partial indexes in this form.
export async function up(knex: Knex): Promise<void> {
  const postgres = knex.client.config.client === 'pg';
  await knex.schema.alterTable('leads', (t) => {
    t.string('event_name', 200);
  });
  if (postgres) {
    await knex.schema.alterTable('leads', (t) => {
      t.integer('captured_by').references('id').inTable('users').onDelete('SET NULL');
    });
  } else {
    // Knex adds a foreign key on SQLite by copying the whole table; SQLite itself accepts a referencing
    // column added in place when its default is null, which keeps this instant at a million leads.
    await knex.raw('alter table leads add column captured_by integer references users (id) on delete set null');
  }
  await knex.raw('create unique index leads_event_email_unique on leads (event_name, lower(email)) where event_name is not null');
  // `source` is `Event: <name>` for a capture: up to 207 characters. SQLite does not enforce varchar
  // lengths; on PostgreSQL widening a varchar is a catalogue change, not a table rewrite.
  if (postgres) await knex.raw('alter table leads alter column source type varchar(300)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists leads_event_email_unique');
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumns('event_name', 'captured_by');
  });
  if (knex.client.config.client === 'pg') await knex.raw('alter table leads alter column source type varchar(200)');
}
