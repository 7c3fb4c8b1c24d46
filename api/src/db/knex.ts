// One Knex instance per process. DATABASE_URL picks the engine (a postgres:// URL PostgreSQL, else a SQLite file
// path); everything above this file is written once and compiles to the same meaning on SQLite and PostgreSQL.
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { DATA_DIR } from '../config';
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
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    // Knex otherwise writes the query's values into the error message ("insert … values ('ann@…')"), and
    // error messages are logged: an e-mail or phone number would end up in the logs.
    compileSqlOnError: false,
    // One connection: SQLite allows one writer, and Knex transactions need the connection to themselves.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { exec: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
        conn.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;', (err) => done(err, conn));
      },
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
    }
  }
  return knexFactory(knexConfig(url));
}

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}
