import type { Knex } from 'knex';

// What tells staff about new records (docs/admin.md, "Notifications"):
// - `notification_preferences`: one row per user once they chose; no row means notifications off and every kind
//   wanted, so turning them on needs one press.
// - `push_subscriptions`: a Web Push endpoint and its keys per device, tied to the session it was made in: when
//   that session ends (sign-out, "Sign out" on the Devices screen, deactivation, expiry) the row goes with it
//   (ON DELETE CASCADE), so a signed-out device is never pushed to. The endpoint is unique: a browser has one
//   per registration, and a re-subscription from another session takes the row over.
// - `lead_seen_marks`: per user, the highest lead id they have seen on the dashboard (the unseen count and the
//   app badge are the leads above it), so two devices of one person agree.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_preferences', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('enabled').notNullable();
    t.boolean('leads').notNullable();
    t.boolean('samples').notNullable();
    t.boolean('captures').notNullable();
    t.boolean('crm_failures').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('session_id', 128).notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.string('endpoint', 1000).notNullable().unique();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['session_id']);
  });
  await knex.schema.createTable('lead_seen_marks', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('seen_through').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['lead_seen_marks', 'push_subscriptions', 'notification_preferences']) await knex.schema.dropTable(table);
}
