import type { Knex } from 'knex';

// Staff accounts managed from the Team screen, and the devices they are signed in on.
// - `users.status`: `active` (the default, so every account made before this stays as it was), `invited` until
//   the person chooses a password through their link, `deactivated` when an admin retired them. An account
//   without a usable password (invited, or waiting on a password reset) stores an empty `password_hash`,
//   which no password verifies against.
// - `users.last_active_at`: the latest activity of any of their sessions, kept on the account because a
//   session row goes when the session ends.
// - `account_links`: one-time invite and password-reset links; only a SHA-256 of each token is stored. A link
//   is kept after use or replacement (`used_at`, `replaced_at`) so opening it again says why it no longer works.
//   It goes with its account (a cancelled invite deletes the invited account).
// - `sessions`: when each was signed in, its latest activity (epoch milliseconds, like `expires_at`) and the
//   browser's User-Agent, so staff can tell their devices apart. No IP address is kept (docs/security.md).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('status', 20).notNullable().defaultTo('active');
    t.timestamp('last_active_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('account_links', (t) => {
    t.string('token_hash', 128).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('replaced_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.bigInteger('created_at').nullable();
    t.bigInteger('last_active_at').nullable();
    t.string('user_agent', 400).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('user_agent');
    t.dropColumn('last_active_at');
    t.dropColumn('created_at');
  });
  await knex.schema.dropTable('account_links');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('last_active_at');
    t.dropColumn('status');
  });
}
