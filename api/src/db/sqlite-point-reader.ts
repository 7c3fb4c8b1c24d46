// A read-only SQLite connection on the event loop's own thread, for the one read in front of every staff request:
// its session (db/read-at-once.ts). Through the reader's thread (knex.ts, readerOf) that read cost the event loop
// about 0.4 ms a request, in Knex, in the message there and back and in waking the thread on a busy machine, for a
// read SQLite itself does in some 20 µs: one row by its key (docs/performance.md, "Staff requests").
//
// It never waits. Its busy timeout is 0, so a read SQLite cannot do at once (a lock another connection holds for a
// moment) throws, and the caller reads the usual way instead. It is better-sqlite3, the library of every other
// connection of the process (db/sqlite-thread.ts): one copy of SQLite in a process, which keeps the file's locks
// for all its connections. And it writes nothing: `query_only`, as the reader's thread.
import Database from 'better-sqlite3';

export type PointRow = Record<string, unknown>;

/** Prepared statements kept, by their text: the callers are a handful of fixed reads. */
const STATEMENTS_KEPT = 20;

export class SqlitePointReader {
  private connection: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly file: string) {}

  /** The first row of a read, or undefined when none; throws when SQLite cannot answer at once. */
  first(sql: string, bindings: readonly unknown[]): PointRow | undefined {
    return this.statement(sql).get(bindings) as PointRow | undefined;
  }

  close(): void {
    this.statements.clear();
    this.connection?.close();
    this.connection = undefined;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.open().prepare(sql);
      if (!statement.reader) throw new Error('a point read must not write');
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private open(): Database.Database {
    if (!this.connection) {
      // The file exists: the write connection created it before anything reads.
      const connection = new Database(this.file, { fileMustExist: true, timeout: 0 });
      try {
        connection.pragma('query_only = ON');
      } catch (err) {
        connection.close();
        throw err;
      }
      this.connection = connection;
    }
    return this.connection;
  }
}
