import type { Knex } from 'knex';

// What erasing a person and the retention rule need to keep.
//
// `app_settings`: settings staff change from the admin (the retention period), one JSON value per key, so every
// server process reads the same value and a change needs no restart.
//
// `crm_erasures`: what an erasure leaves for Pipedrive to delete — the ids of the persons and deals the product
// made there, never an e-mail or a name — handed to the sync worker as a `crm_sync_jobs` row of kind `erasure`
// (its `record_id` is this table's id), so the same queue, claims and retries carry it and an outage of
// Pipedrive delays it but never loses it.
//
// `crm_sync_jobs.person_created`: whether the job's sync created its Pipedrive person (rather than finding one
// staff had made): erasure deletes only persons the product created.
//
// Indexes on lower(email) of leads and sample requests: a person is found, and erased, by their address
// whatever its case, and a retention run asks whether an address still has records. Both engines use an
// expression index for `lower(email) = lower(?)` and `lower(email) in (…)`; without one, each look-up read
// every row.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index leads_email_lower on leads (lower(email))');
  await knex.raw('create index sample_requests_email_lower on sample_requests (lower(email))');
  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    t.bigInteger('updated_by').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('crm_erasures', (t) => {
    t.increments('id').primary();
    t.text('person_ids').notNullable(); // JSON array of Pipedrive person ids
    t.text('deal_ids').notNullable(); // JSON array of Pipedrive deal ids
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.boolean('person_created').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.dropColumn('person_created');
  });
  await knex.schema.dropTable('crm_erasures');
  await knex.schema.dropTable('app_settings');
  await knex.raw('drop index if exists sample_requests_email_lower');
  await knex.raw('drop index if exists leads_email_lower');
}
