// Reads made again and again with the same text (the staff session's in front of every staff request; who gets a
// lead's alert, the mail settings and the push targets in every batch of intake): on PostgreSQL prepared once per
// connection under a name their text gives, so the database parses and plans them on the first runs only. Each
// such read is a round trip of its own, and planned every time it cost the database about 0.04 ms a lead at
// intake, 9 % of its CPU (docs/performance.md, Log, fifteenth session). A prepared statement keeps its result's
// columns, and one whose columns a migration of another process changed fails ("cached plan must not change
// result type"): so a prepared read names its columns, never `*`. SQLite needs none of this: its statements are
// kept by their text (sqlite-thread.ts, sqlite-point-reader.ts).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from './engine';
import type { Db } from './knex';

/** Names by text, for the few fixed shapes that are read this way. */
const names = new Map<string, string>();

/** PostgreSQL's name for the prepared statement of `sql`: the same text always has the same name. */
export function preparedStatementName(sql: string, what = 'a prepared read'): string {
  let name = names.get(sql);
  if (name) return name;
  if (/(^select|,|\.)\s*\*/i.test(sql)) throw new Error(`${what} must name its columns, not select *`);
  name = `dm_read_${crypto.createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
  names.set(sql, name);
  return name;
}

/** `query`, prepared under its name on PostgreSQL; unchanged on SQLite. */
export function preparedRead<Q extends Knex.QueryBuilder>(db: Db, query: Q): Q {
  if (!isPostgres(db)) return query;
  return query.options({ name: preparedStatementName(query.toSQL().sql) }) as Q;
}
