// A read in front of a request (the staff session's), done where it costs the event loop least. On SQLite's file it
// runs at once on the loop's own connection (sqlite-point-reader.ts), with the statement Knex compiled for the
// read's shape the first time. On PostgreSQL, on a `:memory:` database, and whenever SQLite cannot answer at once,
// it goes through Knex on the reader (readerOf), as any other read: the answer is the same either way. On
// PostgreSQL that statement is prepared once per connection, under a name its text gives: planned on the first runs,
// not on every request (54 µs of the database's time a staff request; docs/performance.md, Log, fourteenth session),
// and so it names its columns, never `*` (prepared-read.ts).
import type { Knex } from 'knex';
import { isPostgres } from './engine';
import { pointReaderOf, readerOf, type Db } from './knex';
import { preparedStatementName } from './prepared-read';

type Argument = string | number;
type Row = Record<string, unknown>;

/** A read of one row (a Knex query ending in `.first()`), written in terms of its arguments only. */
export type FirstRowRead<A extends Argument[]> = (db: Db, ...args: A) => Knex.QueryBuilder;

interface CompiledRead {
  sql: string;
  /** Each value SQLite binds: one of the read's arguments, or a constant Knex added (the `limit 1` of `.first()`). */
  bindings: readonly ({ argument: number } | { constant: unknown })[];
  /** PostgreSQL's name for the prepared statement: the same text always has the same name. */
  preparedName: string;
}

/** Per read, per engine (a read's text differs between them). */
const compiledReads = new WeakMap<FirstRowRead<never>, Map<'pg' | 'sqlite', CompiledRead>>();

/** Stands for an argument while Knex compiles the read: what Knex binds in its place tells where the argument goes. */
const PLACEHOLDER = '\u0000read-at-once-argument:';

/** The first row `read` finds for `args`, or undefined. */
export async function firstRowAtOnce<A extends Argument[]>(db: Db, read: FirstRowRead<A>, ...args: A): Promise<Row | undefined> {
  const compiled = compiledRead(db, read, args.length);
  const point = pointReaderOf(db);
  if (point) {
    const { sql, bindings } = compiled;
    try {
      return point.first(sql, bindings.map((b) => ('argument' in b ? args[b.argument] : b.constant)));
    } catch {
      // SQLite could not answer at once (a lock held for a moment); the reader waits for it, off the event loop.
    }
  }
  const query = read(readerOf(db), ...args);
  return (await (isPostgres(db) ? query.options({ name: compiled.preparedName }) : query)) as Row | undefined;
}

function compiledRead<A extends Argument[]>(db: Db, read: FirstRowRead<A>, arity: number): CompiledRead {
  const engine = isPostgres(db) ? 'pg' : 'sqlite';
  let byEngine = compiledReads.get(read as FirstRowRead<never>);
  if (!byEngine) compiledReads.set(read as FirstRowRead<never>, (byEngine = new Map()));
  const known = byEngine.get(engine);
  if (known) return known;
  const placeholders = Array.from({ length: arity }, (_, i) => `${PLACEHOLDER}${i}`) as A;
  const native = read(db, ...placeholders).toSQL().toNative();
  if (native.sql.includes(PLACEHOLDER)) throw new Error('a read at once must bind its arguments, not write them into its SQL');
  const compiled: CompiledRead = {
    sql: native.sql,
    bindings: native.bindings.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER) ? { argument: Number(value.slice(PLACEHOLDER.length)) } : { constant: value },
    ),
    preparedName: preparedStatementName(native.sql, 'a read at once'),
  };
  byEngine.set(engine, compiled);
  return compiled;
}
