// Backing up and restoring the SQLite database (`npm run backup`, `npm run restore`; PostgreSQL has pg_dump and
// pg_restore, README). Three facts of SQLite carry it:
// - `VACUUM INTO` writes a copy from one read transaction: a consistent snapshot (every transaction committed
//   before it, none after), while the server goes on writing beside it (WAL: a reader blocks no writer).
// - A connection that asks for an exclusive lock (`locking_mode = EXCLUSIVE` and `BEGIN EXCLUSIVE`, no busy
//   wait) gets SQLITE_BUSY while any other process has the database open in WAL mode, even idle: that is how a
//   restore knows a server still runs on the file.
// - A copy's own `knex_migrations` says which schema it has: one the code does not know came from a newer
//   version and is refused; an older one is brought up to date by the next start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrationSource } from './migrations';
import { PRIVATE_FILE_MODE } from '../lib/private-files';

export class BackupError extends Error {}

type Row = Record<string, unknown>;

/**
 * A promise-shaped handle on one connection: the scripts need a few statements, not a pool. better-sqlite3, the
 * library the product's own connections use (db/sqlite-thread.ts): a second copy of SQLite in a process that has
 * the file open (a test beside its app) would corrupt it, each copy unaware of the other's locks.
 */
async function open(file: string, { readonly }: { readonly: boolean }): Promise<{ all: (sql: string, params?: unknown[]) => Promise<Row[]>; exec: (sql: string) => Promise<void>; close: () => Promise<void> }> {
  const db = new Database(file, { readonly, fileMustExist: true, timeout: 0 });
  return {
    all: async (sql, params = []) => {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(params) as Row[];
      statement.run(params);
      return [];
    },
    exec: async (sql) => void db.exec(sql),
    close: async () => void db.close(),
  };
}

/** Whether another process has this database open (a running server). A file that does not exist is not. */
export async function databaseInUse(file: string): Promise<boolean> {
  if (!fs.existsSync(file)) return false;
  const db = await open(file, { readonly: false });
  try {
    await db.exec('PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;');
    await db.exec('ROLLBACK');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    await db.close();
  }
}

export interface BackupSummary {
  bytes: number;
  leads: number;
  /** The newest migration the copy has. */
  schema: string | null;
}

/**
 * Copies the live database at `source` to `target` (which must not exist yet, or be empty) with VACUUM INTO,
 * while the server runs. The copy is created 0600 before SQLite writes into it: it holds every lead.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupSummary> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (fs.existsSync(target) && fs.statSync(target).size > 0) throw new BackupError(`${target} already exists; name a new file.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.closeSync(fs.openSync(target, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(target, PRIVATE_FILE_MODE);
  const db = await open(source, { readonly: false });
  try {
    // A server's write transaction may hold the lock for a moment; wait for it rather than fail.
    await db.exec('PRAGMA busy_timeout = 10000;');
    await db.all('VACUUM INTO ?', [target]);
  } catch (err) {
    fs.rmSync(target, { force: true });
    throw err;
  } finally {
    await db.close();
  }
  const check = await inspectCopy(target, { knownSchemaOnly: false });
  return { bytes: fs.statSync(target).size, leads: check.leads, schema: check.applied.at(-1) ?? null };
}

export interface CopyCheck {
  leads: number;
  /** Migrations the copy has, in the order they ran. */
  applied: string[];
  /** Migrations of this code the copy has not had yet: the next start runs them. */
  pending: string[];
  /** The newest line of the copy's staff audit log (null when it has none). */
  lastAuditAt: string | null;
}

/**
 * Checks a copy: a readable SQLite file, intact, of this product; before it goes back (`knownSchemaOnly`), also
 * with a schema this code knows.
 */
export async function inspectCopy(file: string, { knownSchemaOnly = true } = {}): Promise<CopyCheck> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  let db: Awaited<ReturnType<typeof open>>;
  try {
    db = await open(file, { readonly: true });
  } catch {
    throw new BackupError(`${file} is not a SQLite database.`);
  }
  try {
    const integrity = await db.all('PRAGMA integrity_check').catch(() => [{ integrity_check: 'not a database' }]);
    const verdict = String(Object.values(integrity[0] ?? {})[0]);
    if (verdict !== 'ok') throw new BackupError(`${file} is damaged or not a database (${verdict}).`);
    const tables = (await db.all(`select name from sqlite_master where type = 'table'`)).map((r) => String(r.name));
    if (!tables.includes('knex_migrations') || !tables.includes('leads')) throw new BackupError(`${file} is not a DirectMailers database.`);
    const applied = (await db.all('select name from knex_migrations order by id')).map((r) => String(r.name));
    const known = (await migrationSource.getMigrations([])) as string[];
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length && knownSchemaOnly) {
      throw new BackupError(`${file} has a newer schema than this version of the code (migrations it does not know: ${unknown.join(', ')}). Restore it with the version that made it.`);
    }
    const [{ n }] = (await db.all('select count(*) as n from leads')) as [{ n: number }];
    const audit = tables.includes('staff_audit') ? await db.all('select max(created_at) as at from staff_audit') : [];
    return { leads: Number(n), applied, pending: known.filter((name) => !applied.includes(name)), lastAuditAt: (audit[0]?.at as string | null) ?? null };
  } finally {
    await db.close();
  }
}

/** How many people were erased in `file` after `since` (null: ever): a restore of an older copy brings them back. */
export async function erasuresSince(file: string, since: string | null): Promise<number> {
  if (!fs.existsSync(file)) return 0;
  const db = await open(file, { readonly: true });
  try {
    const tables = (await db.all(`select name from sqlite_master where type = 'table' and name = 'staff_audit'`)).length;
    if (!tables) return 0;
    const rows = await db.all(`select count(*) as n from staff_audit where action = 'person.erase' and (? is null or created_at > ?)`, [since, since]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.close();
  }
}

export interface RestoreSummary extends CopyCheck {
  /** Where the database that was replaced was put aside (null when there was none). */
  previous: string | null;
  /** People erased in the replaced database after the copy was made: they are back, and must be erased again. */
  erasuresUndone: number;
}

/**
 * Puts the copy `backup` in place of the database at `target`, with the server stopped: refused while any
 * process has `target` open. The database it replaces (with its -wal and -shm files) is moved aside, never
 * deleted, and the copy arrives by a rename, so the target is at every moment either the old database or
 * the whole copy.
 */
export async function restoreSqlite(backup: string, target: string, now = new Date()): Promise<RestoreSummary> {
  const check = await inspectCopy(backup);
  if (await databaseInUse(target)) {
    throw new BackupError(`The database ${target} is open in another process: stop the server (every process using it) first.`);
  }
  const erasuresUndone = await erasuresSince(target, check.lastAuditAt);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring-${crypto.randomBytes(4).toString('hex')}`;
  fs.copyFileSync(backup, incoming);
  fs.chmodSync(incoming, PRIVATE_FILE_MODE);
  const fd = fs.openSync(incoming, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, previous + suffix);
    }
  }
  fs.renameSync(incoming, target);
  return { ...check, previous, erasuresUndone };
}
