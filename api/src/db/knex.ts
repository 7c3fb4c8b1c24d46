// One Knex instance per process. DATABASE_URL picks the engine (a postgres:// URL PostgreSQL, else a SQLite file
// path); everything above this file is written once and compiles to the same meaning on SQLite and PostgreSQL.
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { DATA_DIR } from '../config';
import { SqliteImmediateClient } from './sqlite-immediate';
import { SqlitePointReader } from './sqlite-point-reader';
import type { SqliteLane } from './sqlite-thread';
import { afterCreate, setUpReadConnection, setUpWriteConnection } from './sqlite-connection-setup';
import { ensurePrivateDir, ensurePrivateFile, tightenIfPresent } from '../lib/private-files';

export type Db = Knex;

// PostgreSQL's int8 (count(*), sums) would arrive as strings; our counts fit a JS number comfortably.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export const DEFAULT_SQLITE_FILE = path.join(DATA_DIR, 'directmailers.sqlite');

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** The SQLite file a DATABASE_URL names: a bare path, or one behind `file:` / `sqlite:`. */
export function sqliteFileFromUrl(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_FILE;
  const bare = url.replace(/^(file|sqlite):(\/\/)?/i, '');
  return bare === ':memory:' ? bare : path.resolve(bare);
}

export function knexConfig(url: string | undefined): Knex.Config {
  if (isPostgresUrl(url)) {
    return { client: 'pg', connection: url, pool: { min: 0, max: 10 }, compileSqlOnError: false };
  }
  const filename = sqliteFileFromUrl(url);
  return {
    // Transactions begin IMMEDIATE: another process may write the same file (sqlite-immediate.ts).
    client: SqliteImmediateClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    // Knex otherwise writes the query's values into the error message ("insert … values ('ann@…')"), and
    // error messages are logged: an e-mail or phone number would end up in the logs.
    compileSqlOnError: false,
    // One connection: SQLite allows one writer, and Knex transactions need the connection to themselves.
    pool: {
      min: 1,
      max: 1,
      afterCreate: afterCreate(setUpWriteConnection),
    },
  };
}

export function createDb(url: string | undefined): Db {
  if (!isPostgresUrl(url)) {
    const file = sqliteFileFromUrl(url);
    if (file !== ':memory:') {
      const dir = path.dirname(file);
      ensurePrivateDir(dir, { ours: dir === DATA_DIR });
      // Created here as 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
      ensurePrivateFile(file);
      for (const companion of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) tightenIfPresent(companion);
      return withSqliteReader(knexFactory(knexConfig(url)), file);
    }
  }
  return knexFactory(knexConfig(url));
}

/**
 * The connection for reads that sit in front of every staff request: the session and the signed-in user.
 * On SQLite the one write connection runs group-commit transactions back to back, and a read sent to it
 * waits for the whole transaction ahead of it (the bench's captures spent more time on those two reads
 * than on their writes). WAL lets a second connection read the last committed state while a write is under
 * way, so these reads go there: each statement sees every transaction committed before it started, so a
 * deleted account or a changed role still takes effect on the next request. On PostgreSQL the pool already
 * reads beside the writers: the same instance is returned.
 */
export function readerOf(db: Db): Db {
  const reader = sqliteReaders.get(db);
  if (!reader) return db;
  if (!reader.knex) reader.knex = knexFactory(sqliteReaderConfig(reader.file));
  return reader.knex;
}

/**
 * The connection on the event loop's own thread for a read that must cost the loop almost nothing (read-at-once.ts):
 * SQLite's file only (a `:memory:` database and PostgreSQL have none).
 */
export function pointReaderOf(db: Db): SqlitePointReader | undefined {
  const reader = sqliteReaders.get(db);
  if (!reader) return undefined;
  reader.point ??= new SqlitePointReader(reader.file);
  return reader.point;
}

interface SqliteReaders {
  file: string;
  knex?: Db;
  point?: SqlitePointReader;
}

const sqliteReaders = new WeakMap<Db, SqliteReaders>();

function withSqliteReader(db: Db, file: string): Db {
  const reader: SqliteReaders = { file };
  sqliteReaders.set(db, reader);
  // Opened on first use, closed with the write connection: whoever owns the Db owns its readers too, so
  // no caller (server, tests, scripts) has a second handle to remember.
  const destroy = db.destroy.bind(db);
  Object.defineProperty(db, 'destroy', {
    configurable: true,
    value: async (callback?: (err?: unknown) => void) => {
      reader.point?.close();
      await reader.knex?.destroy();
      return destroy(callback as never);
    },
  });
  return db;
}

function sqliteReaderConfig(file: string): Knex.Config {
  return {
    // Through a SQLite thread too (sqlite-thread.ts), the reads' own: never node-sqlite3 beside it. Two
    // copies of SQLite in one process on one file corrupt it, each unaware of the other's locks (closing a file
    // drops every POSIX lock the process holds on it): the browser suite met "database disk image is malformed".
    client: SqliteImmediateClient as unknown as typeof Knex.Client,
    // Not on the writes' thread, where a read would wait for the batch under way (the bench's captures: 18 % of leads).
    connection: { filename: file, lane: 'read' } as Knex.Sqlite3ConnectionConfig & { lane: SqliteLane },
    useNullAsDefault: true,
    compileSqlOnError: false,
    pool: {
      min: 0,
      max: 1,
      afterCreate: afterCreate(setUpReadConnection),
    },
  };
}


