import type { Knex } from 'knex';
import { isPostgres } from '../engine';

// The staff audit log: who did what to whom, when. Rows are only ever added: triggers on both engines refuse an
// update or a delete, so nobody (not even a bug in our own code) can rewrite what happened. It holds no
// personal data of the public: an erasure is recorded with a salted hash of the e-mail, never the address.
// `actor_user_id` has no foreign key on purpose: staff accounts are deactivated, never deleted, and a
// cascade would be a write the triggers refuse; `actor_name` keeps the name as it was when they acted.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_audit', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('actor_user_id').nullable();
    t.string('actor_name', 254).nullable();
    t.string('action', 40).notNullable();
    t.string('subject', 300).nullable();
    t.text('details').notNullable();
    t.string('created_at', 30).notNullable();
  });
  await knex.raw('create index staff_audit_recent on staff_audit (created_at, id)');
  await knex.raw('create index staff_audit_action on staff_audit (action, created_at, id)');
  if (isPostgres(knex)) {
    await knex.raw(`
      create function staff_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'staff_audit is append-only'; end $$`);
    await knex.raw(`
      create trigger staff_audit_append_only before update or delete on staff_audit
      for each statement execute function staff_audit_append_only()`);
  } else {
    for (const op of ['update', 'delete']) {
      await knex.raw(`
        create trigger staff_audit_no_${op} before ${op} on staff_audit
        begin select raise(abort, 'staff_audit is append-only'); end`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('staff_audit');
  if (isPostgres(knex)) await knex.raw('drop function if exists staff_audit_append_only()');
}
