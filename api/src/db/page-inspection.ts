// What PostgreSQL keeps in its pages, beyond what a query shows: the erasure test asks it whether any version
// of a row, live or dead, or any index entry still holds an erased person. Read with the pageinspect extension
// (part of PostgreSQL's contrib, shipped with the server packages), created in `public` when missing.
// PostgreSQL only: SQLite's file is read as it is (the test reads its bytes).
import { isPostgres } from './engine';
import type { Db } from './knex';

/** Any fixed number shared by everyone who creates the extension, so concurrent first creations take turns. */
const EXTENSION_LOCK = 0x70616765;

/** The schema pageinspect's functions are in, quoted: the search path of a test's connections holds only its own. */
async function withPageinspect(db: Db): Promise<string> {
  if (!isPostgres(db)) throw new Error('page inspection is for PostgreSQL');
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [EXTENSION_LOCK]);
    await trx.raw('create extension if not exists pageinspect with schema public');
    const { rows } = (await trx.raw(`select quote_ident(n.nspname) as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pageinspect'`)) as { rows: { schema: string }[] };
    return rows[0]!.schema;
  });
}

export interface StoredItem {
  relation: string;
  kind: 'tuple' | 'btree entry';
  bytes: Buffer;
}

/**
 * Every tuple in every table of the current schema, whether a query can still see it or not (a deleted or
 * updated row's old version stays until VACUUM), and every entry of every B-tree index, each as the bytes on
 * the page. The free space of a page is not read: what a VACUUM removed may linger there until the space is
 * reused, which no query, index or dump reaches (docs/security.md, point 19).
 */
export async function storedItems(db: Db): Promise<StoredItem[]> {
  const x = await withPageinspect(db);
  const relations = (
    (await db.raw(
      `select c.oid::regclass::text as name, c.relkind as kind, am.amname as method
       from pg_class c join pg_namespace n on n.oid = c.relnamespace left join pg_am am on am.oid = c.relam
       where n.nspname = current_schema() and c.relkind in ('r', 'i') order by 1`,
    )) as { rows: { name: string; kind: string; method: string | null }[] }
  ).rows;
  const items: StoredItem[] = [];
  for (const r of relations) {
    if (r.kind === 'r') {
      const { rows } = (await db.raw(
        `select t_data from generate_series(0, pg_relation_size(?::regclass) / current_setting('block_size')::int - 1) as b,
           ${x}.heap_page_items(${x}.get_raw_page(?, b::int)) where t_data is not null`,
        [r.name, r.name],
      )) as { rows: { t_data: Buffer }[] };
      items.push(...rows.map((row) => ({ relation: r.name, kind: 'tuple' as const, bytes: row.t_data })));
    } else if (r.method === 'btree') {
      // Block 0 is the meta page; a deleted page has no entries to read.
      const { rows } = (await db.raw(
        `select i.data from generate_series(1, pg_relation_size(?::regclass) / current_setting('block_size')::int - 1) as b,
           ${x}.bt_page_stats(?, b::int) as s, ${x}.bt_page_items(?, b::int) as i where s.type <> 'd' and i.data is not null`,
        [r.name, r.name, r.name],
      )) as { rows: { data: string }[] };
      items.push(...rows.map((row) => ({ relation: r.name, kind: 'btree entry' as const, bytes: Buffer.from(row.data.replace(/ /g, ''), 'hex') })));
    }
  }
  return items;
}

export interface GinTrigramIndex {
  index: string;
  table: string;
  /** The indexed expression, as PostgreSQL prints it. */
  expression: string;
}

/** The GIN trigram indexes (pg_trgm's gin_trgm_ops) of the current schema. */
export async function ginTrigramIndexes(db: Db): Promise<GinTrigramIndex[]> {
  if (!isPostgres(db)) throw new Error('page inspection is for PostgreSQL');
  const { rows } = (await db.raw(
    `select ic.relname as index, tc.relname as "table", pg_get_indexdef(i.indexrelid, 1, true) as expression
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class tc on tc.oid = i.indrelid
     join pg_namespace n on n.oid = ic.relnamespace join pg_opclass oc on oc.oid = i.indclass[0]
     where n.nspname = current_schema() and oc.opcname = 'gin_trgm_ops' order by 1`,
  )) as { rows: GinTrigramIndex[] };
  return rows;
}

/**
 * How many row pointers a GIN trigram index hands over for rows containing `text` (three letters or digits:
 * a trigram pg_trgm indexes), read from EXPLAIN ANALYZE's bitmap index scan of that index alone, before the
 * table is consulted. A VACUUM that cleaned the index leaves no pointer to a deleted row; without one, the
 * index still proposes it (and the table then discards it).
 */
export async function ginPointersFor(db: Db, index: GinTrigramIndex, text: string): Promise<number> {
  if (!isPostgres(db)) throw new Error('page inspection is for PostgreSQL');
  return db.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    await trx.raw('set local enable_indexscan = off');
    const { rows } = (await trx.raw(`explain (analyze, format json) select 1 from ?? where ${index.expression} like ?`, [index.table, `%${text}%`])) as {
      rows: { 'QUERY PLAN': PlanNode[] }[];
    };
    const scans: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      if (node['Node Type'] === 'Bitmap Index Scan' && node['Index Name'] === index.index) scans.push(node);
      node.Plans?.forEach(walk);
    };
    walk(rows[0]!['QUERY PLAN'][0]!.Plan!);
    if (scans.length !== 1) throw new Error(`the plan for ${index.index} did not scan it`);
    return scans[0]!['Actual Rows']!;
  });
}

interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plan?: PlanNode;
  Plans?: PlanNode[];
}
