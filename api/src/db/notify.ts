// Signals between the server processes that share one database, without another server to run: on PostgreSQL
// its LISTEN/NOTIFY (a notification reaches every connection listening on the channel, in any process, once
// the sending statement commits); on SQLite an in-process call, which under WEB_CONCURRENCY the primary also
// passes to every other worker on the same file (relayBetweenWorkers: the workers' IPC channel). The channel is
// scoped to the schema the connection works in, so two databases living as schemas of one PostgreSQL
// database (the tests do this) never hear each other. Sent inside a transaction, a signal goes when that
// transaction commits, and not at all when it rolls back, on both engines: a listener that reads what the
// signal announces always finds it.
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { isPostgres } from './engine';
import { writeInTransaction } from './held-writes';
import type { Db } from './knex';
import type { RelayedSignal } from './sqlite-thread';

type Listener = (payload: string) => void;

export interface Listening {
  /** Stops listening; the dedicated connection is closed. */
  close(): Promise<void>;
}

/**
 * Listeners of this process by database and channel: the SQLite path, and nothing else. Keyed by the Knex
 * instance's configuration, which its transactions share (a transaction is a Knex object of its own).
 */
const inProcess = new WeakMap<object, Map<string, Set<Listener>>>();
const schemas = new WeakMap<object, Promise<string>>();

const databaseOf = (db: Db): object => db.client.config as object;

/** The SQLite file a Knex instance works on: what names a database between the workers of one primary. */
const fileOf = (db: Db): string => path.resolve(String((db.client.config.connection as { filename?: string } | undefined)?.filename ?? ''));
/** This process's databases by file, for the signals the primary relays from the other workers. */
const databasesByFile = new Map<string, Set<object>>();

/** A signal one worker sent on a SQLite file, on its way through the primary to the others. */
interface Relayed {
  type: 'dm:notify';
  file: string;
  channel: string;
  payload: string;
}
const isRelayed = (message: unknown): message is Relayed => (message as Relayed | null)?.type === 'dm:notify';

function callListeners(database: object, channel: string, payload: string): void {
  for (const listener of [...(inProcess.get(database)?.get(channel) ?? [])]) listener(payload);
}

if (cluster.isWorker) {
  process.on('message', (message: unknown) => {
    if (!isRelayed(message)) return;
    for (const database of databasesByFile.get(message.file) ?? []) callListeners(database, message.channel, message.payload);
  });
}

/** The primary's part: every SQLite signal a worker sends reaches every other worker (the sender heard its own). */
export function relayBetweenWorkers(from: Worker, workers: () => Iterable<Worker>): void {
  from.on('message', (message: unknown) => {
    if (!isRelayed(message)) return;
    for (const worker of workers()) if (worker !== from && worker.isConnected()) worker.send(message);
  });
}

/**
 * Sends `payload` (a short text: PostgreSQL allows under 8000 bytes) to every listener of `channel`; from
 * inside a transaction, once it commits (PostgreSQL holds a NOTIFY until then; SQLite's call waits for it).
 */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  if (isPostgres(db)) {
    await writeInTransaction(db, db.raw('select pg_notify(?, ?)', [await scopedName(db, channel), payload]));
    return;
  }
  const call = () => (threadRelay ? threadRelay({ channel, payload }) : deliver(db, channel, payload));
  const trx = outermostTransaction(db);
  if (!trx) return call();
  // Resolved once COMMIT has returned; rejected by a rollback, when there is nothing to announce.
  trx.executionPromise.then(call, () => {});
}

/** This process's listeners of `db`'s file hear it, and under WEB_CONCURRENCY the primary passes it to the others. */
function deliver(db: Db, channel: string, payload: string): void {
  callListeners(databaseOf(db), channel, payload);
  if (cluster.isWorker && process.send) process.send({ type: 'dm:notify', file: fileOf(db), channel, payload } satisfies Relayed);
}

/** Set on SQLite's thread: the signals its jobs' transactions send go to the process instead of being called here. */
let threadRelay: ((signal: RelayedSignal) => void) | undefined;

export function relaySignalsWith(relay: (signal: RelayedSignal) => void): void {
  threadRelay = relay;
}

/** The signals a job on SQLite's thread sent as its transaction committed, sent on from `db`'s process. */
export function deliverRelayedSignals(db: Db, signals: readonly RelayedSignal[]): void {
  for (const { channel, payload } of signals) deliver(db, channel, payload);
}

function outermostTransaction(db: Db): Knex.Transaction | undefined {
  if (!db.isTransaction) return undefined;
  let trx = db as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (trx.parentTransaction) trx = trx.parentTransaction;
  return trx;
}

/**
 * Calls `onPayload` for each notification on `channel`. PostgreSQL: on a connection of its own (a pooled one
 * goes back to the pool and stops hearing), opened again after a drop; `onReconnect` then runs, since what was
 * sent while it was away was not heard.
 */
export async function listen(db: Db, channel: string, onPayload: Listener, onReconnect: () => void, onError: (err: unknown) => void): Promise<Listening> {
  if (!isPostgres(db)) {
    let channels = inProcess.get(databaseOf(db));
    if (!channels) inProcess.set(databaseOf(db), (channels = new Map()));
    const file = fileOf(db);
    if (!databasesByFile.has(file)) databasesByFile.set(file, new Set());
    databasesByFile.get(file)!.add(databaseOf(db));
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    const mine = set;
    mine.add(onPayload);
    return { close: async () => void mine.delete(onPayload) };
  }
  const name = await scopedName(db, channel);
  const connection = db.client.config.connection as string | pg.ClientConfig;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (again: boolean): Promise<void> => {
    const next = new pg.Client(typeof connection === 'string' ? { connectionString: connection, keepAlive: true } : { ...connection, keepAlive: true });
    next.on('notification', (msg) => {
      if (msg.channel === name) onPayload(msg.payload ?? '');
    });
    next.on('error', (err) => {
      onError(err);
      reopen(next);
    });
    next.on('end', () => reopen(next));
    await next.connect();
    await next.query(`listen "${name}"`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    if (again) onReconnect();
  };
  const reopen = (dead: pg.Client) => {
    if (closed || client !== dead || retry) return;
    client = undefined;
    dead.removeAllListeners('end');
    retry = setTimeout(function attempt() {
      open(true).then(
        () => (retry = undefined),
        (err: unknown) => {
          onError(err);
          retry = setTimeout(attempt, 1000);
        },
      );
    }, 250);
  };
  await open(false);
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}

/** The channel's name on this schema: `<channel>_<schema>`, both plain identifiers. */
function scopedName(db: Db, channel: string): Promise<string> {
  const key = databaseOf(db);
  let schema = schemas.get(key);
  if (!schema) {
    schema = db.raw('select current_schema() as s').then((r: { rows: { s: string }[] }) => r.rows[0]!.s);
    // Asked inside a transaction that then fails, the question is asked again next time, not remembered failed.
    schema.catch(() => schemas.delete(key));
    schemas.set(key, schema);
  }
  return schema.then((s) => `${channel}_${s}`.toLowerCase().replace(/[^a-z0-9_]/g, '_'));
}
