// SQLite's connections on threads of their own. A process's SQLite write connections are better-sqlite3
// connections on one worker thread (sqlite-thread-host.mjs), its read connection on a second one (a read never waits
// for the writes' thread to finish a batch: WAL lets it read beside them), and this is the handle Knex drives: the
// same calls as a node-sqlite3 connection (all, run, get, exec, close, a `trace` event), each one message to the
// thread and one back. On the event loop's side nothing waits: not a statement, not a commit's fsync, not another
// process's lock. And a job, a whole transaction that a module runs on the thread (the submission pipeline's group
// commit), is a single message: a batch of leads costs the event loop one trip instead of one per statement, which,
// with the loop busy reading the next requests, was most of what a batch waited for (docs/performance.md).
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';

/** A signal (db/notify.ts) a job's transaction sent on SQLite's thread, on its way to the process it writes for. */
export interface RelayedSignal {
  channel: string;
  payload: string;
}

/**
 * What a module whose items run on the thread exports: its job, made once per connection and settings with the
 * thread's Knex, which does a batch of items and answers one result per item, in order, and whatever the process
 * should know of the batch as a whole (`extra`).
 */
export interface ThreadJobModule {
  createThreadJob(db: Knex, init: unknown): (inputs: unknown[]) => Promise<{ results: unknown[]; extra: unknown }>;
}

/** A job of a module's (ThreadJobModule) with its settings (plain data), told to the thread once. */
export interface ThreadJob {
  module: string;
  init: unknown;
}

/** How the process hears of an item: the batch it went in (once for the batch, before its items), then its result. */
export interface ItemHandlers {
  onBatch: (extra: unknown, signals: RelayedSignal[]) => void;
  onResult: (result: unknown) => void;
  onError: (err: Error) => void;
}

type Method = 'all' | 'run' | 'get' | 'exec';

/** From the process to the thread (sqlite-thread-host.mjs reads them). */
type HostMessage =
  | { type: 'open'; conn: number; id: number; filename: string }
  | { type: 'statement'; conn: number; id: number; method: Method; sql: string; params: unknown[] }
  | { type: 'job'; job: number; module: string; init: unknown }
  | { type: 'item'; conn: number; id: number; job: number; input: unknown }
  | { type: 'trace'; conn: number; on: boolean }
  | { type: 'warm'; conn: number; job: number }
  | { type: 'close'; conn: number; id: number };

/** From the thread to the process. */
type ThreadReply =
  | { type: 'trace'; conn: number; sql: string }
  | { type: 'done'; conn: number; id: number; rows?: unknown; info?: { lastID: number; changes: number } }
  | { type: 'batch'; conn: number; ids: number[]; results?: unknown[]; extra?: unknown; signals?: RelayedSignal[]; error?: { message: string; code: string | undefined } }
  | { type: 'failed'; conn: number; id: number; error: { message: string; code: string | undefined } };

type Answer = Extract<ThreadReply, { type: 'done' | 'failed' }>;
type Callback = (this: unknown, err: Error | null, rows?: unknown) => void;

/**
 * Which of the process's SQLite threads a connection lives on: `write`, where every write connection is (the thread
 * serialises them, as SQLite's one write lock would), or `read`, for the reader beside them (knex.ts, readerOf).
 */
export type SqliteLane = 'write' | 'read';

/** One of the process's SQLite threads, started with its lane's first connection; another replaces it should it die. */
class SqliteThread {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private readonly items = new Map<number, ItemHandlers>();
  readonly connections = new Map<number, SqliteThreadConnection>();
  alive = true;

  constructor(private readonly lane: SqliteLane) {
    const require = createRequire(import.meta.url);
    // tsx's loader for the TypeScript of jobs, registered in the thread when the first job comes: Node 20 does not
    // pass a loader given with --import on to worker threads.
    const tsxPackage = require.resolve('tsx/package.json');
    const exported = (JSON.parse(fs.readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!;
    this.worker = new Worker(new URL('./sqlite-thread-host.mjs', import.meta.url), {
      workerData: { tsx: new URL(exported.import.default, pathToFileURL(tsxPackage)).href, jobs: new URL('./sqlite-thread-jobs.ts', import.meta.url).href },
    });
    // An idle thread keeps no process alive (as idle node-sqlite3 connections do not); a call awaited does (send).
    this.worker.unref();
    this.worker.on('message', (message: ThreadReply) => this.receive(message));
    this.worker.on('error', (err) => this.stopped(err));
    this.worker.on('exit', (code) => this.stopped(new Error(`SQLite's thread exited with ${code}`)));
  }

  newId(): number {
    return this.nextId++;
  }

  send(message: HostMessage, onAnswer?: (answer: Answer) => void): void {
    if (!this.alive) {
      if (onAnswer && 'id' in message) onAnswer({ type: 'failed', conn: message.conn, id: message.id, error: { message: "SQLite's thread has stopped", code: 'SQLITE_MISUSE' } });
      return;
    }
    if (onAnswer && 'id' in message) {
      this.awaiting(1);
      this.waiting.set(message.id, onAnswer);
    }
    this.worker.postMessage(message);
  }

  /** Each job's number on the thread, told to it once (its module and settings) before its first item. */
  private readonly jobs = new WeakMap<ThreadJob, number>();
  private nextJob = 0;

  /** The job's number, telling the thread of it the first time. */
  jobNumber(job: ThreadJob): number {
    let number = this.jobs.get(job);
    if (number === undefined) {
      this.jobs.set(job, (number = this.nextJob++));
      this.worker.postMessage({ type: 'job', job: number, module: job.module, init: job.init } satisfies HostMessage);
    }
    return number;
  }

  sendItem(job: ThreadJob, message: Omit<Extract<HostMessage, { type: 'item' }>, 'job'>, handlers: ItemHandlers): void {
    if (!this.alive) return handlers.onError(sqliteError({ message: "SQLite's thread has stopped", code: 'SQLITE_MISUSE' }));
    const number = this.jobNumber(job);
    this.awaiting(1);
    this.items.set(message.id, handlers);
    this.worker.postMessage({ ...message, job: number } satisfies HostMessage);
  }

  /** Keeps the process alive while anything is awaited of the thread, and only then. */
  private pending = 0;
  private awaiting(change: number): void {
    if (this.pending === 0 && change > 0) this.worker.ref();
    this.pending += change;
    if (this.pending === 0) this.worker.unref();
  }

  private receive(message: ThreadReply): void {
    if (message.type === 'trace') {
      this.connections.get(message.conn)?.emit('trace', message.sql);
      return;
    }
    if (message.type === 'batch') return this.receiveBatch(message);
    const onAnswer = this.waiting.get(message.id);
    if (!onAnswer) return;
    this.waiting.delete(message.id);
    this.awaiting(-1);
    onAnswer(message);
  }

  private receiveBatch({ ids, results, extra, signals, error }: Extract<ThreadReply, { type: 'batch' }>): void {
    const handlers = ids.flatMap((id) => this.items.get(id) ?? []);
    for (const id of ids) this.items.delete(id);
    this.awaiting(-handlers.length);
    if (error) {
      const err = sqliteError(error, { prefixed: false });
      for (const handler of handlers) handler?.onError(err);
      return;
    }
    handlers[0]?.onBatch(extra, signals ?? []);
    handlers.forEach((handler, i) => handler?.onResult(results![i]));
  }

  private stopped(err: Error): void {
    if (!this.alive) return;
    this.alive = false;
    if (threads.get(this.lane) === this) threads.delete(this.lane);
    for (const connection of this.connections.values()) connection.alive = false;
    const waiting = [...this.waiting.values()];
    const items = [...this.items.values()];
    this.waiting.clear();
    this.items.clear();
    for (const onAnswer of waiting) onAnswer({ type: 'failed', conn: -1, id: -1, error: { message: err.message, code: 'SQLITE_MISUSE' } });
    for (const handlers of items) handlers.onError(sqliteError({ message: err.message, code: 'SQLITE_MISUSE' }));
  }
}

const threads = new Map<SqliteLane, SqliteThread>();
// Numbered across the threads: a connection's number names it on its own thread.
let nextConnection = 0;

/** Opens `filename` on the process's SQLite thread of `lane` (starting it first); answers once the connection is open. */
export function openSqliteThread(filename: string, lane: SqliteLane = 'write'): Promise<SqliteThreadConnection> {
  const owner = threads.get(lane) ?? new SqliteThread(lane);
  threads.set(lane, owner);
  const conn = nextConnection++;
  return new Promise((resolve, reject) => {
    owner.send({ type: 'open', conn, id: owner.newId(), filename }, (answer) => {
      if (answer.type === 'failed') return reject(sqliteError(answer.error));
      const connection = new SqliteThreadConnection(owner, conn);
      owner.connections.set(conn, connection);
      resolve(connection);
    });
  });
}

export class SqliteThreadConnection extends EventEmitter {
  /** False once closed, or once the thread has stopped: the pool then opens another. */
  alive = true;

  constructor(
    private readonly thread: SqliteThread,
    private readonly conn: number,
  ) {
    super();
    // Knex's sqlite3 tests (and ours) watch statements begin through node-sqlite3's `trace` event.
    this.on('newListener', (event) => {
      if (event === 'trace' && this.listenerCount('trace') === 0) this.thread.send({ type: 'trace', conn: this.conn, on: true });
    });
  }

  all(sql: string, params: unknown[], callback: Callback): void {
    this.statement('all', sql, params, callback);
  }

  run(sql: string, params: unknown[], callback: Callback): void {
    this.statement('run', sql, params, callback);
  }

  get(sql: string, params: unknown[] | Callback, callback?: Callback): void {
    if (typeof params === 'function') this.statement('get', sql, [], params);
    else this.statement('get', sql, params, callback!);
  }

  exec(sql: string, callback: Callback): void {
    this.statement('exec', sql, [], callback);
  }

  close(callback: (err: Error | null) => void): void {
    if (!this.alive) return callback(null);
    this.alive = false;
    this.thread.send({ type: 'close', conn: this.conn, id: this.thread.newId() }, () => {
      this.thread.connections.delete(this.conn);
      callback(null);
    });
  }

  /**
   * Hands `input` to `module`'s job on the thread (ThreadJobModule), to be done with the other items that reached
   * the connection meanwhile, in one batch, once no transaction of this process's is open on it.
   */
  submitItem(job: ThreadJob, input: unknown, handlers: ItemHandlers): void {
    this.thread.sendItem(job, { type: 'item', conn: this.conn, id: this.thread.newId(), input }, handlers);
  }

  /** Has the thread load the job's module for this connection now, before its first item. */
  warm(job: ThreadJob): void {
    if (this.alive) this.thread.send({ type: 'warm', conn: this.conn, job: this.thread.jobNumber(job) });
  }

  private statement(method: Method, sql: string, params: unknown[] | undefined, callback: Callback): void {
    this.thread.send({ type: 'statement', conn: this.conn, id: this.thread.newId(), method, sql, params: params ?? [] }, (answer) => {
      if (answer.type === 'failed') return callback.call({}, sqliteError(answer.error));
      // node-sqlite3 calls back with the statement as `this`: lastID and changes for a write.
      callback.call(answer.info ?? {}, null, withBuffers(answer.rows));
    });
  }
}

/**
 * An error as node-sqlite3 gives it, which the rest of the code (and its logs) know: the primary result code
 * (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`) as `code`, and that code before SQLite's message. A job's error already
 * reads so (the thread's Knex made it: sqlite-immediate.ts) and keeps its message.
 */
export function sqliteError({ message, code }: { message: string; code: string | undefined }, { prefixed = true } = {}): Error {
  const primary = code?.match(/^SQLITE_[A-Z]+/)?.[0];
  const err = new Error(primary && prefixed ? `${primary}: ${message}` : message) as Error & { code?: string };
  if (primary) err.code = primary;
  return err;
}

/** Blobs cross the thread as Uint8Arrays; the code reads them as Buffers, as node-sqlite3 gives them. */
function withBuffers(rows: unknown): unknown {
  if (rows === null || typeof rows !== 'object') return rows;
  for (const row of Array.isArray(rows) ? rows : [rows]) {
    if (row === null || typeof row !== 'object') continue;
    const record = row as Record<string, unknown>;
    for (const column in record) {
      const value = record[column];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}
