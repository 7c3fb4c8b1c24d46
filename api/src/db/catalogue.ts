// The database's own list of its tables and their columns, for checks that must not miss a table added later
// (the erasure test looks for an address in every one). Each engine's catalogue is read its own way.
import { isPostgres } from './engine';
import type { Db } from './knex';

export interface CatalogueColumn {
  table: string;
  column: string;
}

/**
 * Every column that can hold text: on PostgreSQL the text, character, JSON columns of the current schema; on
 * SQLite every column of every table (its columns take any value whatever their declared type), the search
 * index's own tables included.
 */
export async function textColumns(db: Db): Promise<CatalogueColumn[]> {
  if (isPostgres(db)) {
    const { rows } = (await db.raw(
      `select table_name as "table", column_name as "column" from information_schema.columns
       where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
       order by table_name, ordinal_position`,
    )) as { rows: CatalogueColumn[] };
    return rows;
  }
  const tables = (await db.raw(`select name from sqlite_master where type = 'table' order by name`)) as { name: string }[];
  const out: CatalogueColumn[] = [];
  for (const { name } of tables) {
    const columns = (await db.raw(`select name from pragma_table_info(?)`, [name])) as { name: string }[];
    out.push(...columns.map((c) => ({ table: name, column: c.name })));
  }
  return out;
}

/** The columns (of textColumns) in which some row holds `text`, ignoring case. */
export async function columnsHolding(db: Db, text: string): Promise<CatalogueColumn[]> {
  const found: CatalogueColumn[] = [];
  const pattern = `%${text.toLowerCase()}%`;
  for (const c of await textColumns(db)) {
    const row = await db(c.table).whereRaw(`lower(cast(?? as text)) like ?`, [c.column, pattern]).count({ n: '*' }).first();
    if (Number(row?.n ?? 0) > 0) found.push(c);
  }
  return found;
}
