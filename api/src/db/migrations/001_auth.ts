import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('name', 100).notNullable();
    t.string('role', 20).notNullable().defaultTo('admin');
    t.string('password_hash', 255).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 128).primary();
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable().index();
  });
  await knex.schema.createTable('setup_tokens', (t) => {
    t.string('token_hash', 128).primary();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });
  await knex.schema.createTable('login_attempts', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable();
    t.string('ip', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['email', 'created_at']);
    t.index(['ip', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['login_attempts', 'setup_tokens', 'sessions', 'users']) await knex.schema.dropTable(table);
}
