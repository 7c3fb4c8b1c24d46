import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pricing_products', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('category', 20).notNullable();
    // Money as integer cents; the API speaks decimal dollars.
    t.integer('starting_price_cents').notNullable();
    t.text('description');
    t.text('features').notNullable(); // JSON array of strings
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['sort_order', 'name']);
  });
  await knex.schema.createTable('pricing_audit', (t) => {
    t.increments('id').primary();
    t.string('action', 20).notNullable();
    // No foreign key: the audit trail outlives the product it speaks of.
    t.integer('product_id');
    t.string('product_name', 100);
    t.integer('user_id');
    t.string('user_name', 254);
    t.text('changes').notNullable(); // JSON {before, after}
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pricing_audit');
  await knex.schema.dropTable('pricing_products');
}
