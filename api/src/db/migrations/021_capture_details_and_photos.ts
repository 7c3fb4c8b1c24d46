import type { Knex } from 'knex';

// Event capture: what a rep's capture says beyond the person, and the card photos.
//
// On `leads`: the rep's qualification (rating, interests, follow-up), the person's consent (given or not, the
// version of the wording shown, when), and the raw badge scan. Interests are a JSON array in a text column:
// a set of five known values, read and written whole with the lead, filtered with LIKE '%"letters"%' (the
// values hold no LIKE wildcards), the same on both engines with no join.
//
// `lead_captures`: one row per capture (a merge adds a row to the lead it merged into), keyed by the capture's
// Idempotency-Key, with the account that sent it. It is what lets a device upload a photo knowing only its
// own key, and what says whether a rep may do so.
//
// `capture_photos`: the photo bytes in the database (BLOB on SQLite, bytea on PostgreSQL), so any number of
// server processes on any machines serve them. One photo per capture; a lead may collect several by merges.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.string('rating', 10);
    t.text('interests');
    t.string('follow_up', 20);
    t.boolean('consent_given');
    t.string('consent_text_version', 40);
    t.timestamp('consent_at', { useTz: true });
    t.text('scan_payload');
    t.string('scan_format', 20);
  });
  await knex.schema.createTable('lead_captures', (t) => {
    t.string('capture_key', 200).primary();
    t.integer('lead_id').notNullable().references('id').inTable('leads').onDelete('CASCADE');
    t.integer('captured_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['lead_id']);
  });
  await knex.schema.createTable('capture_photos', (t) => {
    t.increments('id').primary();
    t.string('capture_key', 200).notNullable().unique().references('capture_key').inTable('lead_captures').onDelete('CASCADE');
    t.integer('lead_id').notNullable().references('id').inTable('leads').onDelete('CASCADE');
    t.integer('uploaded_by').references('id').inTable('users').onDelete('SET NULL');
    t.string('content_type', 20).notNullable();
    t.integer('byte_size').notNullable();
    t.string('sha256', 64).notNullable();
    t.binary('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    // The lead entity's photo look-up and the event summary's photo count read by lead.
    t.index(['lead_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('capture_photos');
  await knex.schema.dropTable('lead_captures');
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumns('rating', 'interests', 'follow_up', 'consent_given', 'consent_text_version', 'consent_at', 'scan_payload', 'scan_format');
  });
}
