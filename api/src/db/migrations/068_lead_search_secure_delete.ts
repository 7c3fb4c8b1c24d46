import type { Knex } from 'knex';
import { isPostgres } from '../engine';

// SQLite's search index (migration 030) forgot nothing it was told to forget. It was contentless with
// `contentless_delete = 1`: a delete only adds the row's id to a list of tombstones, and every trigram of the
// row's name, e-mail and company, with its positions, stays in `leads_search_data` until a merge happens to
// rewrite that segment. An erased person could be read back from the file, and from every backup taken after.
//
// The table is made again, contentless without `contentless_delete`, with FTS5's persistent `secure-delete`
// option: a delete then names the row's old values (the triggers have them), and FTS5 takes each of its
// trigrams out of the index pages at once (and the pages' keys in `leads_search_idx` with them). The pages it
// rewrites or frees are overwritten with zeros by `secure_delete = ON` on the write connection, and the old
// table's pages, freed by the drop below, are too. Requires SQLite 3.44 or later (better-sqlite3 bundles
// newer). The backfill indexes every lead again, and the final merge leaves one segment, which searches fastest.
//
// A delete must name exactly the values the row was indexed with, or FTS5 removes the wrong entries: the
// triggers index and unindex the same expression of the row, and every change of those columns passes the
// update trigger. PostgreSQL needs nothing here: its trigram indexes are on the table itself (030, 062).
const TABLE = `create virtual table leads_search using fts5(name, email, company, tokenize = 'trigram', content = '')`;
const ROW = (row: 'new' | 'old') => `${row}.id, ${row}.first_name || ' ' || ${row}.last_name, ${row}.email, ${row}.company`;
const TRIGGERS = ['leads_search_insert', 'leads_search_update', 'leads_search_delete'];

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
  await knex.raw('drop table if exists leads_search');
  await knex.raw(TABLE);
  await knex.raw(`insert into leads_search (leads_search, rank) values ('secure-delete', 1)`);
  await knex.raw(`create trigger leads_search_insert after insert on leads begin
    insert into leads_search (rowid, name, email, company) values (${ROW('new')});
  end`);
  await knex.raw(`create trigger leads_search_update after update of first_name, last_name, email, company on leads begin
    insert into leads_search (leads_search, rowid, name, email, company) values ('delete', ${ROW('old')});
    insert into leads_search (rowid, name, email, company) values (${ROW('new')});
  end`);
  await knex.raw(`create trigger leads_search_delete after delete on leads begin
    insert into leads_search (leads_search, rowid, name, email, company) values ('delete', ${ROW('old')});
  end`);
  await knex.raw(`insert into leads_search (rowid, name, email, company) select id, first_name || ' ' || last_name, email, company from leads`);
  await knex.raw(`insert into leads_search (leads_search) values ('optimize')`);
}

// Back to migration 030's table, as 030 made it.
export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger}`);
  await knex.raw('drop table if exists leads_search');
  await knex.raw(`create virtual table leads_search using fts5(name, email, company, tokenize = 'trigram', content = '', contentless_delete = 1)`);
  await knex.raw(`create trigger leads_search_insert after insert on leads begin
    insert into leads_search (rowid, name, email, company) values (${ROW('new')});
  end`);
  await knex.raw(`create trigger leads_search_update after update of first_name, last_name, email, company on leads begin
    delete from leads_search where rowid = old.id;
    insert into leads_search (rowid, name, email, company) values (${ROW('new')});
  end`);
  await knex.raw(`create trigger leads_search_delete after delete on leads begin
    delete from leads_search where rowid = old.id;
  end`);
  await knex.raw(`insert into leads_search (rowid, name, email, company) select id, first_name || ' ' || last_name, email, company from leads`);
}
