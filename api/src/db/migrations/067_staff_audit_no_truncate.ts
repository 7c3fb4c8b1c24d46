import type { Knex } from 'knex';
import { isPostgres } from '../engine';

// The staff audit log refused UPDATE and DELETE (050), but on PostgreSQL a TRUNCATE fires neither row nor
// statement triggers for those, so it emptied the log in one statement. A BEFORE TRUNCATE statement trigger
// with the same function refuses it too. SQLite has no TRUNCATE: its `DELETE FROM` without WHERE skips the
// truncate optimisation when the table has triggers, so 050's delete trigger already refuses it.
export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  await knex.raw(`
    create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  await knex.raw('drop trigger if exists staff_audit_no_truncate on staff_audit');
}
