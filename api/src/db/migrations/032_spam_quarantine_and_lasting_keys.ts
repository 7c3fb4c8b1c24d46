import type { Knex } from 'knex';

// Suspected spam is kept, not discarded: a public submission that trips the honeypot or the minimum fill time
// is stored with the reason (`honeypot` | `fill_time`) in `spam_reason`, left out of the default lists, the
// stats and the CRM until staff release it (the column goes back to null). The partial index serves the
// "Suspected spam" list without touching the default list's plan (its `spam_reason is null` cannot use it).
//
// An Idempotency-Key is recognised for as long as its record exists: after the answer's personal body is
// dropped (30 days), `record_id` is what a late replay is answered with.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['leads', 'sample_requests']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('spam_reason', 20).nullable();
    });
    await knex.raw(`create index ${table}_spam on ${table} (created_at, id) where spam_reason is not null`);
  }
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.bigInteger('record_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['leads', 'sample_requests']) {
    await knex.raw(`drop index if exists ${table}_spam`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('spam_reason');
    });
  }
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('record_id');
  });
}
