// The thread side of SQLite's connections (sqlite-thread.ts starts one such thread per process for the write
// connections, and another for the reader): better-sqlite3 connections, each driven by messages from the process's
// event loop. A connection's statements run one at a time,
// in the order they came, synchronously here, so a statement or a commit's fsync holds up this thread, never the
// event loop that answers requests.
//
// Items are the other kind of message: work for a module of the process's (the submission pipeline's requests),
// which the module does with a Knex of its own on the same connection (sqlite-thread-jobs.ts). Items wait while
// the process has a transaction open on the connection; otherwise every item that has arrived is handed to its
// module at once, as one batch, as soon as the connection is free: the batch forms where the writer is, so the
// writer is never idle while items wait, and each batch takes all of them.
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
/** After a batch had to wait for another process's lock, how long batches leave the lock free between them, and for how long after the wait. */
const CONTENTION_PAUSE_MS = 2;
const CONTENTION_MEMORY_MS = 1000;

/**
 * @typedef {{ id: number, db: import('better-sqlite3').Database, statements: Map<string, import('better-sqlite3').Statement>,
 *   queue: any[], items: any[], owed: number, contendedAt: number, working: boolean, busyTimeoutMs: number, tracing: boolean, jobDb?: any, jobRunners: Map<number, Promise<(inputs: unknown[]) => Promise<unknown>>> }} Connection
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

/** Binds as node-sqlite3 did, which the code was written against: booleans as 1 and 0, dates as milliseconds. */
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
  }).then((side) => {
    side.relaySignalsToTheProcess();
    return side;
  });
  return jobSide;
}

/** One batch at a time in the whole thread: the signals a batch's commits send are told apart by it. */
let jobLock = Promise.resolve();

/** The most items one batch takes (SQLite's bound variables: the pipeline's statements insert up to 100 rows). */
const MAX_ITEMS = 100;

/** The items at the head of the connection's items that are the first one's job's. */
function takeItems(conn) {
  const first = conn.items[0];
  const batch = [];
  const rest = [];
  for (const item of conn.items) {
    if (batch.length < MAX_ITEMS && item.job === first.job) batch.push(item);
    else rest.push(item);
  }
  conn.items = rest;
  return batch;
}

/** A job's runner on a connection, made (its module loaded) the first time it is wanted. */
async function runnerFor(conn, job) {
  const side = await loadJobSide();
  let runner = conn.jobRunners.get(job);
  if (!runner) {
    const { module, init } = jobs.get(job);
    conn.jobDb ??= side.knexOn(conn.db, (sql) => prepared(conn, sql), { busyTimeoutMs: () => conn.busyTimeoutMs, contended: () => (conn.contendedAt = Date.now()) });
    runner = side.loadJob(module, conn.jobDb, init);
    conn.jobRunners.set(job, runner);
  }
  return { side, run: await runner };
}

async function runItems(conn, items) {
  const { side, run } = await runnerFor(conn, items[0].job);
  let release;
  const previous = jobLock;
  jobLock = new Promise((resolve) => (release = resolve));
  await previous;
  try {
    const { output, signals } = await side.runCollectingSignals(run, items.map((item) => item.input));
    return { type: 'batch', ids: items.map((item) => item.id), results: output.results, extra: output.extra, signals };
  } finally {
    release();
  }
}

function failure(id, err) {
  return { type: 'failed', id, error: { message: String(err?.message ?? err), code: typeof err?.code === 'string' ? err.code : undefined } };
}

const isBusy = (err) => typeof err?.code === 'string' && err.code.startsWith('SQLITE_BUSY');

/**
 * Runs the connection's statements in order, and its items whenever no transaction of the process's is open on it;
 * a statement SQLite found busy is tried again later, the statements behind it wait for it.
 */
async function work(conn) {
  if (conn.working) return;
  conn.working = true;
  try {
    for (;;) {
      // Statements that were waiting when a batch ended go before the next batch: a steady flow of items must not
      // keep the process's own statements (a sign-in, a staff change) waiting for long.
      if (conn.items.length && !conn.db.inTransaction && conn.owed === 0) {
        // One turn of the loop first: items the process sent together arrive together, and share the batch.
        await new Promise((resolve) => setImmediate(resolve));
        const items = takeItems(conn);
        let reply;
        try {
          reply = await runItems(conn, items);
        } catch (err) {
          reply = { type: 'batch', ids: items.map((item) => item.id), error: failure(-1, err).error };
        }
        port.postMessage({ ...reply, conn: conn.id });
        conn.owed = conn.queue.length;
        // Another process writes to the file too (its lock made this batch wait, a moment ago): the lock is left
        // free for a moment between batches, which that process, trying every millisecond, takes. Without the
        // pause this thread, its next batch ready, took the lock again before the other ever saw it free.
        if (Date.now() - conn.contendedAt < CONTENTION_MEMORY_MS) await new Promise((resolve) => setTimeout(resolve, CONTENTION_PAUSE_MS));
        continue;
      }
      if (!conn.queue.length) {
        conn.owed = 0;
        if (conn.items.length && !conn.db.inTransaction) continue;
        return;
      }
      const message = conn.queue[0];
      if (message.type === 'close') {
        conn.queue.shift();
        await close(conn, message.id);
        return;
      }
      message.deadline ??= Date.now() + conn.busyTimeoutMs;
      let reply;
      try {
        reply = runStatement(conn, message);
      } catch (err) {
        if (isBusy(err) && Date.now() < message.deadline) {
          message.tries = (message.tries ?? 0) + 1;
          setTimeout(() => void work(conn), BUSY_RETRY_MS[Math.min(message.tries - 1, BUSY_RETRY_MS.length - 1)]);
          return;
        }
        reply = failure(message.id, err);
      }
      conn.queue.shift();
      if (conn.owed > 0) conn.owed--;
      port.postMessage({ ...reply, conn: conn.id });
    }
  } finally {
    conn.working = false;
  }
}

async function close(conn, id) {
  connections.delete(conn.id);
  if (conn.items.length) port.postMessage({ type: 'batch', conn: conn.id, ids: conn.items.map((item) => item.id), error: { message: 'SQLITE_MISUSE: the connection was closed' } });
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
    connections.set(connId, { id: connId, db, statements: new Map(), queue: [], items: [], owed: 0, contendedAt: 0, working: false, busyTimeoutMs: 0, tracing: false, jobRunners: new Map() });
    port.postMessage({ type: 'done', id, conn: connId });
  } catch (err) {
    port.postMessage({ ...failure(id, err), conn: connId });
  }
}

/** The jobs the process told of: module and settings, by number (items name theirs). */
const jobs = new Map();

port.on('message', (message) => {
  if (message.type === 'open') return open(message);
  if (message.type === 'job') return void jobs.set(message.job, { module: message.module, init: message.init });
  const conn = connections.get(message.conn);
  if (!conn) {
    if (message.id !== undefined) port.postMessage({ ...failure(message.id, new Error('SQLITE_MISUSE: the connection is closed')), conn: message.conn });
    return;
  }
  if (message.type === 'trace') {
    conn.tracing = message.on;
    return;
  }
  if (message.type === 'warm') {
    // Loaded now, while nothing waits for it, instead of with the first item (a second or so).
    runnerFor(conn, message.job).catch((err) => console.error("SQLite's thread could not load a job:", err));
    return;
  }
  if (message.type === 'item') conn.items.push(message);
  else conn.queue.push(message);
  void work(conn);
});
