// SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE) instead of at their first
// write. The server is not the only writer of its file: user:add, a restore, a second server during a deploy.
// A deferred transaction that reads first works from a snapshot; when another process commits before its
// first write, SQLite cannot let it write and answers "database is locked" at once, without waiting out the
// busy timeout: a 500 for the client, or a failed command. Begun immediately, the two wait for each other
// (busy_timeout) and both commit. Only the outermost transaction begins; nested ones are savepoints.
import Client_SQLite3 from 'knex/lib/dialects/sqlite3/index.js';
import Transaction_Sqlite from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';

class ImmediateTransaction extends Transaction_Sqlite {
  override begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

/** Knex's sqlite3 client, with every transaction begun IMMEDIATE. */
export class SqliteImmediateClient extends Client_SQLite3 {
  override transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }
}
