import type { Knex } from 'knex';

// The Pipedrive persons and organizations this product created itself, by normalised e-mail / organization
// name. Pipedrive's search trails its writes by seconds, so a sync that runs just after another made the same
// person would not find it by searching and would make a second one: the sync looks here first.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crm_known_ids', (t) => {
    t.string('kind', 20).notNullable(); // person | org
    t.string('key', 320).notNullable(); // lower-cased, trimmed e-mail or organization name
    t.string('pipedrive_id', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['kind', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('crm_known_ids');
}
