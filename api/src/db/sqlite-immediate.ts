// SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE) instead of at their first
// write. The server is not the only writer of its file: user:add, a restore, a second server during a deploy.
// A deferred transaction that reads first works from a snapshot; when another process commits before its
// first write, SQLite cannot let it write and answers "database is locked" at once, without waiting out the
// busy timeout: a 500 for the client, or a failed command. Begun immediately, the two wait for each other
// (busy_timeout) and both commit. Only the outermost transaction begins; nested ones are savepoints.
//
// The two Knex clients here drive one connection from its two sides: the process's, whose connection is the
// handle of SQLite's thread (sqlite-thread.ts), and the thread's own, for the jobs it runs (sqlite-thread-host.ts).
import BetterSqlite3 from 'better-sqlite3';
import Client_SQLite3 from 'knex/lib/dialects/sqlite3/index.js';
import Client_BetterSQLite3 from 'knex/lib/dialects/better-sqlite3/index.js';
import Transaction_Sqlite from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';
import { InsertShapeCachingCompiler } from './insert-shape-cache';
import { LiteralLimitCompiler } from './sqlite-literal-limit';
import { openSqliteThread, sqliteError, type SqliteLane, type SqliteThreadConnection } from './sqlite-thread';

class ImmediateTransaction extends Transaction_Sqlite {
  override begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

/** How often a BEGIN that met another connection's lock is tried again: often, to catch the lock between its owner's batches. */
const BUSY_RETRY_MS = 1;

/**
 * On SQLite's thread, where SQLite itself never waits for a lock (sqlite-thread-host.mjs): a BEGIN IMMEDIATE that
 * meets another connection's write lock is tried again a moment later, the thread's loop free meanwhile to serve
 * the other connections (the lock's owner among them), until the connection's busy timeout has passed; `contended`
 * hears of each wait. (Through the client's query, not the transaction's: the transaction's own query ends the
 * transaction at the first error instead of handing it back.)
 */
function lockWaitingTransaction(busyTimeoutMs: () => number, contended: () => void): typeof ImmediateTransaction {
  return class extends ImmediateTransaction {
    override async begin(conn: unknown): Promise<unknown> {
      const { trxClient } = this as unknown as { trxClient: { query: (conn: unknown, sql: string) => Promise<unknown> } };
      const deadline = Date.now() + busyTimeoutMs();
      for (;;) {
        try {
          return await trxClient.query(conn, 'BEGIN IMMEDIATE;');
        } catch (err) {
          if (!String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY') || Date.now() >= deadline) return this.query(conn, 'BEGIN IMMEDIATE;');
          contended();
          await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
        }
      }
    }
  };
}

/** Knex's sqlite3 client, with every transaction begun IMMEDIATE, on a connection that lives on its own thread. */
export class SqliteImmediateClient extends Client_SQLite3 {
  override transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  /** Knex asks for its driver when the client is made: ours is better-sqlite3, on the thread (node-sqlite3 is not installed). */
  override _driver(): unknown {
    return BetterSqlite3;
  }

  override acquireRawConnection(): Promise<SqliteThreadConnection> {
    const { filename, lane } = this.connectionSettings as { filename: string; lane?: SqliteLane };
    return openSqliteThread(filename, lane);
  }

  override destroyRawConnection(connection: SqliteThreadConnection): Promise<void> {
    return new Promise((resolve) => connection.close(() => resolve()));
  }

  /** Its LIMITs written into the statements' text, which SQLite would otherwise prepare again on every run (sqlite-literal-limit.ts). */
  override queryCompiler(builder: unknown, formatter: unknown): unknown {
    return new LiteralLimitCompiler(this, builder, formatter);
  }

  /** A connection whose thread has died is replaced by the pool instead of failing every later query. */
  override validateConnection(connection: SqliteThreadConnection): boolean {
    return connection.alive;
  }
}

/**
 * On SQLite's thread: Knex's better-sqlite3 client over one of the thread's connections (`on` binds it), transactions
 * begun IMMEDIATE as the process's are (waiting for the lock without holding the thread), each statement prepared once (`prepared`: the thread's cache of them)
 * instead of on every run, which cost the thread a tenth of its time, and each insert's text made once per shape
 * (insert-shape-cache.ts), which cost it about as much again. Closing this Knex leaves the connection open: the
 * thread closes it.
 */
export class SqliteThreadLocalClient extends Client_BetterSQLite3 {
  static on(
    connection: BetterSqlite3.Database,
    prepared: (sql: string) => BetterSqlite3.Statement,
    lock: { busyTimeoutMs: () => number; contended: () => void },
  ): typeof SqliteThreadLocalClient {
    const Transaction = lockWaitingTransaction(lock.busyTimeoutMs, lock.contended);
    return class extends SqliteThreadLocalClient {
      override transaction(...args: unknown[]): unknown {
        return new Transaction(this, ...args);
      }

      override acquireRawConnection(): Promise<BetterSqlite3.Database> {
        return Promise.resolve(connection);
      }

      override queryCompiler(builder: unknown, formatter: unknown): unknown {
        return new InsertShapeCachingCompiler(this, builder, formatter);
      }

      override _query(_connection: unknown, obj: { sql: string; bindings?: unknown[]; response?: unknown; context?: unknown }): Promise<unknown> {
        try {
          const statement = prepared(obj.sql);
          const bindings = this._formatBindings(obj.bindings);
          if (statement.reader) {
            obj.response = statement.all(bindings);
            return Promise.resolve(obj);
          }
          const info = statement.run(bindings);
          obj.response = info;
          obj.context = { lastID: info.lastInsertRowid, changes: info.changes };
          return Promise.resolve(obj);
        } catch (err) {
          // Worded as the process's own statements' errors are (node-sqlite3's), before Knex adds the SQL.
          const { message, code } = err as { message: string; code?: string };
          return Promise.reject(sqliteError({ message, code }));
        }
      }
    };
  }

  override destroyRawConnection(): Promise<void> {
    return Promise.resolve();
  }
}
