// The thread side of SQLite's write connections (sqlite-thread.ts starts it, once per process): better-sqlite3
// connections, each driven by messages from the process's event loop. A connection's messages run one at a time, in
// the order they came, synchronously here, so a statement or a commit's fsync holds up this thread, never the event
// loop that answers requests. A job (a whole group commit of the submission pipeline) is one message: its module
// runs its transaction with a Knex of its own on the same connection (sqlite-thread-jobs.ts).
//
// Plain JavaScript, so that the thread is open in milliseconds; the TypeScript a job needs is loaded with tsx when
// the first job comes.
//
// Waiting for another process's lock is done here, not by SQLite: every connection's busy timeout is 0 and a
// statement SQLite answers SQLITE_BUSY (which it has then not run) is tried again a moment later, until the timeout
// the process set (`PRAGMA busy_timeout = N`, which this thread keeps for itself instead). Meanwhile the other
// connections' messages go on: a process's two pools on one file (the tests' second "process") share this thread,
// and SQLite's own busy wait would hold the thread the lock's owner needs to let go of it.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = parentPort;
const { tsx, jobs: jobsModule } = workerData;

/** Prepared statements per connection, by their text: Knex writes the same text for the same shape of query. */
const STATEMENT_CACHE_SIZE = 500;
/** Tries of a statement SQLite answered SQLITE_BUSY: soon at first, then every 20 ms. */
const BUSY_RETRY_MS = [1, 2, 4, 8, 16, 20];

/**
 * @typedef {{ id: number, db: import('better-sqlite3').Database, statements: Map<string, import('better-sqlite3').Statement>,
 *   queue: any[], working: boolean, busyTimeoutMs: number, tracing: boolean, jobDb?: unknown, jobRunners: Map<string, Promise<(input: unknown) => Promise<unknown>>> }} Connection
 */
/** @type {Map<number, Connection>} */
const connections = new Map();

function prepared(conn, sql) {
  let statement = conn.statements.get(sql);
  if (statement) conn.statements.delete(sql);
  else {
    statement = conn.db.prepare(sql);
    if (conn.statements.size >= STATEMENT_CACHE_SIZE) conn.statements.delete(conn.statements.keys().next().value);
  }
  // Most recently used last: the first is the one to drop when the cache is full.
  conn.statements.set(sql, statement);
  return statement;
}

/** Binds as node-sqlite3 (the process's read connection) does: booleans as 1 and 0, dates as milliseconds. */
function bindable(value) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value;
}

const BUSY_TIMEOUT = /^\s*pragma\s+busy_timeout\s*=\s*(\d+)\s*;?\s*$/i;
const CHECKPOINT = /^\s*pragma\s+wal_checkpoint\b/i;

function runStatement(conn, { id, method, sql, params }) {
  if (conn.tracing) port.postMessage({ type: 'trace', conn: conn.id, sql });
  const timeout = BUSY_TIMEOUT.exec(sql);
  if (timeout) {
    conn.busyTimeoutMs = Number(timeout[1]);
    return { type: 'done', id };
  }
  if (method === 'exec') {
    conn.db.exec(sql);
    return { type: 'done', id };
  }
  const statement = prepared(conn, sql);
  const values = params.map(bindable);
  if (statement.reader) {
    // A checkpoint waits for readers as SQLite's busy handler would (briefly, and rarely: after an erasure).
    if (CHECKPOINT.test(sql)) conn.db.pragma(`busy_timeout = ${conn.busyTimeoutMs}`);
    try {
      return { type: 'done', id, rows: method === 'get' ? statement.get(values) : statement.all(values) };
    } finally {
      if (CHECKPOINT.test(sql)) conn.db.pragma('busy_timeout = 0');
    }
  }
  const info = statement.run(values);
  return { type: 'done', id, ...(method === 'get' ? {} : { rows: [] }), info: { lastID: Number(info.lastInsertRowid), changes: info.changes } };
}

/** The TypeScript side of jobs, loaded with the first one. */
let jobSide;
function loadJobSide() {
  jobSide ??= import(tsx).then((loaded) => {
    loaded.register();
    return import(jobsModule);
  });
  return jobSide;
}

/** One job at a time in the whole thread: the signals a job's commit sends are told apart by it. */
let jobLock = Promise.resolve();

async function runJob(conn, { id, module, init, input }) {
  const side = await loadJobSide();
  const key = `${module}\n${JSON.stringify(init)}`;
  let runner = conn.jobRunners.get(key);
  if (!runner) {
    conn.jobDb ??= side.knexOn(conn.db, (sql) => prepared(conn, sql));
    runner = side.loadJob(module, conn.jobDb, init);
    conn.jobRunners.set(key, runner);
  }
  const run = await runner;
  let release;
  const previous = jobLock;
  jobLock = new Promise((resolve) => (release = resolve));
  await previous;
  try {
    const { output, signals } = await side.runCollectingSignals(run, input);
    return { type: 'done', id, output, signals };
  } finally {
    release();
  }
}

function failure(id, err) {
  return { type: 'failed', id, error: { message: String(err?.message ?? err), code: typeof err?.code === 'string' ? err.code : undefined } };
}

const isBusy = (err) => typeof err?.code === 'string' && err.code.startsWith('SQLITE_BUSY');

/** Runs the connection's messages in order; a message SQLite found busy is tried again later, the rest wait behind it. */
async function work(conn) {
  if (conn.working) return;
  conn.working = true;
  try {
    while (conn.queue.length) {
      const message = conn.queue[0];
      if (message.type === 'close') {
        conn.queue.shift();
        await close(conn, message.id);
        return;
      }
      message.deadline ??= Date.now() + conn.busyTimeoutMs;
      let reply;
      try {
        reply = message.type === 'job' ? await runJob(conn, message) : runStatement(conn, message);
      } catch (err) {
        // A job that met the lock before its transaction began did nothing: like a statement, it is tried again.
        if (isBusy(err) && !conn.db.inTransaction && Date.now() < message.deadline) {
          message.tries = (message.tries ?? 0) + 1;
          setTimeout(() => void work(conn), BUSY_RETRY_MS[Math.min(message.tries - 1, BUSY_RETRY_MS.length - 1)]);
          return;
        }
        reply = failure(message.id, err);
      }
      conn.queue.shift();
      port.postMessage({ ...reply, conn: conn.id });
    }
  } finally {
    conn.working = false;
  }
}

async function close(conn, id) {
  connections.delete(conn.id);
  try {
    await conn.jobDb?.destroy();
    conn.db.close();
    port.postMessage({ type: 'done', id, conn: conn.id });
  } catch (err) {
    port.postMessage({ ...failure(id, err), conn: conn.id });
  }
}

function open({ conn: connId, id, filename }) {
  try {
    const db = new Database(filename, { timeout: 0 });
    connections.set(connId, { id: connId, db, statements: new Map(), queue: [], working: false, busyTimeoutMs: 0, tracing: false, jobRunners: new Map() });
    port.postMessage({ type: 'done', id, conn: connId });
  } catch (err) {
    port.postMessage({ ...failure(id, err), conn: connId });
  }
}

port.on('message', (message) => {
  if (message.type === 'open') return open(message);
  const conn = connections.get(message.conn);
  if (!conn) {
    if (message.id !== undefined) port.postMessage({ ...failure(message.id, new Error('SQLITE_MISUSE: the connection is closed')), conn: message.conn });
    return;
  }
  if (message.type === 'trace') {
    conn.tracing = message.on;
    return;
  }
  conn.queue.push(message);
  void work(conn);
});
