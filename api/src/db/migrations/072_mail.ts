import type { Knex } from 'knex';

// The product's e-mail (docs/admin.md, "Mail"):
// - `mail_messages`: the durable queue and the record of what was sent. A message is written, rendered, in the
//   same transaction as its cause (a lead, a sample request, an invite, a reset), so a crash never loses one and a
//   cause rolled back never sends one. One row per (cause, kind, recipient): the unique key is what makes a
//   replayed submission, or two processes, queue it once; `message_id` is the stable Message-ID made from the same
//   three. The claim columns (state, next_attempt_at, attempts, locked_by, locked_at) are the lease claim every
//   queue shares (db/lease-claim.ts). `held` alerts wait for their recipient's digest (`window_start`, the minute
//   they count in; `digest_id`, the digest they went out in once `folded`). `once_key`, unique where set, is a
//   limit across causes: the visitor's confirmation is one per address and day.
// - `mail_message_records`: which lead or sample request a message is about (a digest is about several), so an
//   erasure finds every message about the person, and an export lists them.
// - `notification_preferences.email_*`: each person's e-mail choice per kind, beside the browser's; null until
//   they choose, which means the default for their role (new leads and sample requests on for admins).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_messages', (t) => {
    t.increments('id').primary();
    t.string('kind', 40).notNullable();
    t.string('cause', 120).notNullable();
    t.string('recipient_hash', 64).notNullable();
    t.string('to_address', 254).notNullable();
    t.string('to_name', 200).nullable();
    t.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('message_id', 400).notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.text('headers').notNullable(); // JSON: Reply-To, List-Unsubscribe, …
    t.text('digest_line').nullable(); // JSON: this alert's line in a digest (text and HTML)
    t.string('state', 20).notNullable(); // held | pending | running | sent | failed | folded
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.string('locked_by', 200).nullable();
    t.timestamp('locked_at', { useTz: true }).nullable();
    t.text('last_error').nullable();
    t.timestamp('window_start', { useTz: true }).nullable();
    t.integer('digest_id').nullable();
    t.string('once_key', 200).nullable();
    t.string('delivered_via', 10).nullable(); // smtp | file
    t.string('eml_file', 300).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['cause', 'kind', 'recipient_hash'], { indexName: 'mail_messages_one_per_cause' });
    t.unique(['once_key'], { indexName: 'mail_messages_once_key' });
    t.index(['state', 'next_attempt_at'], 'mail_messages_due');
    t.index(['user_id', 'window_start'], 'mail_messages_recipient_window');
    t.index(['created_at', 'id'], 'mail_messages_created');
    t.index(['digest_id'], 'mail_messages_digest');
  });
  await knex.schema.createTable('mail_message_records', (t) => {
    t.integer('message_id').notNullable().references('id').inTable('mail_messages').onDelete('CASCADE');
    t.string('record_kind', 20).notNullable(); // lead | sample_request
    t.bigInteger('record_id').notNullable();
    t.primary(['message_id', 'record_kind', 'record_id']);
    t.index(['record_kind', 'record_id'], 'mail_message_records_record');
  });
  await knex.schema.alterTable('notification_preferences', (t) => {
    t.boolean('email_leads').nullable();
    t.boolean('email_samples').nullable();
    t.boolean('email_captures').nullable();
    t.boolean('email_crm_failures').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_preferences', (t) => {
    for (const c of ['email_leads', 'email_samples', 'email_captures', 'email_crm_failures']) t.dropColumn(c);
  });
  await knex.schema.dropTable('mail_message_records');
  await knex.schema.dropTable('mail_messages');
}
