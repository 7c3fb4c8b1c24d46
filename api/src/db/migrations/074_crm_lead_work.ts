import type { Knex } from 'knex';

// Lead work to Pipedrive (issue #31, docs/crm-sync.md "Lead work to the CRM"):
// - `crm_sync_jobs.lead_id`: for a `lead_work` job (record_id = the lead_timeline row it carries), the lead it
//   belongs to, so the claim keeps one lead's changes from running at once, an erasure finds the jobs of its leads,
//   and the lead's own sync wakes the jobs that wait for its deal, all without reading another module's table.
// - `crm_sync_jobs.note_id`: the Pipedrive note a note job made, checkpointed the moment Pipedrive answers.
// - `crm_pipedrive_users`: which Pipedrive user a staff account is, looked up once by the account's e-mail and
//   remembered (null: Pipedrive has no such user, remembered for a day). It goes with the account (cascade).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.integer('lead_id').nullable();
    t.string('note_id', 64).nullable();
  });
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.index(['lead_id'], 'crm_sync_jobs_lead');
  });
  await knex.schema.createTable('crm_pipedrive_users', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('email_key', 320).notNullable(); // the normalised address looked up: another address is looked up again
    t.string('pipedrive_user_id', 64).nullable();
    t.timestamp('looked_up_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('crm_pipedrive_users');
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.dropIndex(['lead_id'], 'crm_sync_jobs_lead');
  });
  await knex.schema.alterTable('crm_sync_jobs', (t) => {
    t.dropColumns('lead_id', 'note_id');
  });
}
