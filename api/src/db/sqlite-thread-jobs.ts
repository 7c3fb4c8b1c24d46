// The TypeScript half of SQLite's thread (sqlite-thread-host.mjs loads it with the first job): the Knex a job's
// module writes with, on the thread's own connection, and the signals (db/notify.ts) a job's transaction sends as it
// commits, which go back to the process with the job's output, to be delivered there.
import knexFactory, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteThreadLocalClient } from './sqlite-immediate';
import { relaySignalsWith } from './notify';
import type { RelayedSignal, ThreadJobModule } from './sqlite-thread';

/** The signals of the job under way (the host runs one job at a time). */
let signals: RelayedSignal[] = [];

/**
 * Called by the thread's host once, as it loads this module: from then on the signals this thread's transactions
 * send are collected for the process instead of being delivered here. Not done on import, because relaying is
 * state of db/notify.ts's module: a process that imported this file for its own use (a test of knexOn, say) would
 * otherwise stop hearing its own signals (the test files of one vitest worker share their modules).
 */
export function relaySignalsToTheProcess(): void {
  relaySignalsWith((signal) => signals.push(signal));
}

/**
 * A Knex on `connection` for a connection's jobs (`prepared`: the connection's statements, each prepared once;
 * `lock`: how long a transaction waits for another connection's lock, and who hears that it had to).
 */
export function knexOn(connection: BetterSqlite3.Database, prepared: (sql: string) => BetterSqlite3.Statement, lock: { busyTimeoutMs: () => number; contended: () => void }): Knex {
  return knexFactory({
    client: SqliteThreadLocalClient.on(connection, prepared, lock) as never,
    connection: { filename: connection.name },
    useNullAsDefault: true,
    // As the process's Knex: a failed statement's error names its SQL, never its values (an e-mail would be logged).
    compileSqlOnError: false,
    pool: { min: 1, max: 1 },
  });
}

export async function loadJob(module: string, db: Knex, init: unknown): Promise<(inputs: unknown[]) => Promise<{ results: unknown[]; extra: unknown }>> {
  const loaded = (await import(module)) as ThreadJobModule;
  return loaded.createThreadJob(db, init);
}

export async function runCollectingSignals<T>(run: (inputs: unknown[]) => Promise<T>, inputs: unknown[]): Promise<{ output: T; signals: RelayedSignal[] }> {
  signals = [];
  const output = await run(inputs);
  // What runs once a transaction has committed (its signals among them) runs in the commit's promise callbacks,
  // some of them after the job's own: after one turn of this thread's loop, all of them have.
  await new Promise((resolve) => setImmediate(resolve));
  return { output, signals };
}
