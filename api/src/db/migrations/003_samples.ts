import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sample_requests', (t) => {
    t.increments('id').primary();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('email', 254).notNullable().index();
    t.string('phone', 40);
    t.string('company', 200);
    t.string('address_line1', 200).notNullable();
    t.string('address_line2', 200);
    t.string('city', 100).notNullable();
    t.string('state', 2).notNullable();
    t.string('zip', 10).notNullable();
    t.string('sample_type', 20).notNullable();
    t.text('notes');
    t.string('pipedrive_status', 40).notNullable().defaultTo('pending');
    t.string('pipedrive_deal_id', 64);
    t.boolean('processed').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['created_at', 'id']);
  });
  await knex.schema.createTable('sample_templates', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('type', 20).notNullable();
    t.string('front_image_url', 2000);
    t.string('back_image_url', 2000);
    t.text('description');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sample_templates');
  await knex.schema.dropTable('sample_requests');
}
