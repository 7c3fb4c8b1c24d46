// What every SQLite connection of ours is set to before the pool hands it out, and how it gets there when other
// processes open the same file at the same moment.
//
// The busy handler goes first, so that every later statement that meets another process's lock waits instead
// of failing. Switching a file to WAL is the exception: SQLite answers BUSY at once, without calling the busy
// handler, while another connection holds any lock on the file (or, when it cannot switch, quietly answers the
// old mode). WAL is a property of the file, so only the first opener of a new file switches it; the others find
// it done. The switch is therefore retried here, with a short wait, until the file reports WAL or the time is up.
// Each pragma runs on its own: one that fails must fail the connection loudly, never leave the rest unset.

/** The parts of a connection this file uses (node-sqlite3's shape, which sqlite-thread.ts's connections keep). */
export interface RawSqliteConnection {
  exec(sql: string, cb: (err: Error | null) => void): void;
  get(sql: string, cb: (err: Error | null, row: Record<string, unknown> | undefined) => void): void;
}

/** How long any statement waits for another process's lock before answering BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How long a new connection keeps trying to switch the file to WAL while other processes hold it. */
const WAL_SWITCH_DEADLINE_MS = 30_000;

/** The write connection: WAL, foreign keys, durable commits, erased bytes overwritten. */
export async function setUpWriteConnection(conn: RawSqliteConnection): Promise<void> {
  await exec(conn, `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  await switchToWal(conn);
  await exec(conn, 'PRAGMA foreign_keys = ON');
  await exec(conn, 'PRAGMA synchronous = FULL');
  // What a delete or an update removes is overwritten with zeros, not left in free pages of the file, so an
  // erased person cannot be read back from the database file itself.
  await exec(conn, 'PRAGMA secure_delete = ON');
}

/** The reader beside it: a write sent here by mistake fails instead of racing the writer for the lock. */
export async function setUpReadConnection(conn: RawSqliteConnection): Promise<void> {
  await exec(conn, `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  await exec(conn, 'PRAGMA query_only = ON');
}

/** Knex's `afterCreate` shape around one of the set-ups above. */
export function afterCreate(setUp: (conn: RawSqliteConnection) => Promise<void>) {
  return (conn: RawSqliteConnection, done: (err: Error | null, conn: unknown) => void): void => {
    setUp(conn).then(
      () => done(null, conn),
      (err: Error) => done(err, conn),
    );
  };
}

async function switchToWal(conn: RawSqliteConnection): Promise<void> {
  const deadline = Date.now() + WAL_SWITCH_DEADLINE_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      const row = await get(conn, 'PRAGMA journal_mode = WAL');
      const mode = String(row?.journal_mode ?? '').toLowerCase();
      // ':memory:' databases answer 'memory' and stay so: nothing to wait for.
      if (mode === 'wal' || mode === 'memory') return;
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
    if (Date.now() > deadline) throw new Error(`SQLite: the database file could not be switched to WAL within ${WAL_SWITCH_DEADLINE_MS / 1000} s: another process holds it`);
    await new Promise((resolve) => setTimeout(resolve, wait + Math.random() * wait));
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function exec(conn: RawSqliteConnection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => conn.exec(sql, (err) => (err ? reject(err) : resolve())));
}

function get(conn: RawSqliteConnection, sql: string): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve, reject) => conn.get(sql, (err, row) => (err ? reject(err) : resolve(row))));
}
