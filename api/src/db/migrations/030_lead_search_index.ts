import type { Knex } from 'knex';

// The admin search (name, e-mail, company contain the term, case-insensitively) read every lead: 0.8 s on
// SQLite and 1.3 s on PostgreSQL for a term that matches nothing at a million leads. A trigram index answers
// "contains" without a scan on both engines; the LIKE that defines a match stays and checks each candidate.
//
// PostgreSQL: pg_trgm GIN indexes on exactly the three expressions the search compares, so the planner uses
// them for `lower(…) like '%term%'` itself and the database keeps them in the lead's own transaction. The
// extension is database-wide: it is created once, in `public` (not in the migrating schema, which may be a
// throwaway one that a test drops with everything in it), and the operator class is named with its schema
// because the search path need not include it. An advisory lock serialises concurrent first creations.
//
// SQLite: an FTS5 table with the trigram tokenizer, contentless (it stores the index only, not a second copy
// of the text), rowid = lead id. Triggers keep it in the statement, and so the transaction, that writes the
// lead; a status change does not touch it. The backfill indexes the leads that already exist.
const TRGM_LOCK = 0x6c656164; // any fixed number shared by every process that runs this migration

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('select pg_advisory_xact_lock(?)', [TRGM_LOCK]);
    await knex.raw('create extension if not exists pg_trgm with schema public');
    const { rows } = (await knex.raw(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`)) as { rows: { schema: string }[] };
    const schema = rows[0]!.schema;
    await knex.raw(`create index leads_search_name on leads using gin (lower(first_name || ' ' || last_name) ??.gin_trgm_ops)`, [schema]);
    await knex.raw(`create index leads_search_email on leads using gin (lower(email) ??.gin_trgm_ops)`, [schema]);
    await knex.raw(`create index leads_search_company on leads using gin (lower(company) ??.gin_trgm_ops)`, [schema]);
    return;
  }
  await knex.raw(`create virtual table leads_search using fts5(name, email, company, tokenize = 'trigram', content = '', contentless_delete = 1)`);
  await knex.raw(`create trigger leads_search_insert after insert on leads begin
    insert into leads_search (rowid, name, email, company) values (new.id, new.first_name || ' ' || new.last_name, new.email, new.company);
  end`);
  await knex.raw(`create trigger leads_search_update after update of first_name, last_name, email, company on leads begin
    delete from leads_search where rowid = old.id;
    insert into leads_search (rowid, name, email, company) values (new.id, new.first_name || ' ' || new.last_name, new.email, new.company);
  end`);
  await knex.raw(`create trigger leads_search_delete after delete on leads begin
    delete from leads_search where rowid = old.id;
  end`);
  await knex.raw(`insert into leads_search (rowid, name, email, company) select id, first_name || ' ' || last_name, email, company from leads`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    // The extension stays: other schemas in the database may use it.
    for (const index of ['leads_search_name', 'leads_search_email', 'leads_search_company']) await knex.raw(`drop index if exists ${index}`);
    return;
  }
  for (const trigger of ['leads_search_insert', 'leads_search_update', 'leads_search_delete']) await knex.raw(`drop trigger if exists ${trigger}`);
  await knex.raw('drop table if exists leads_search');
}
