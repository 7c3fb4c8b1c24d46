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
relaySignalsWith((signal) => signals.push(signal));

/** A Knex on `connection` for a connection's jobs (`prepared`: the connection's statements, each prepared once). */
export function knexOn(connection: BetterSqlite3.Database, prepared: (sql: string) => BetterSqlite3.Statement): Knex {
  return knexFactory({ client: SqliteThreadLocalClient.on(connection, prepared) as never, connection: { filename: connection.name }, useNullAsDefault: true, compileSqlOnError: false, pool: { min: 1, max: 1 } });
}

export async function loadJob(module: string, db: Knex, init: unknown): Promise<(input: unknown) => Promise<unknown>> {
  const loaded = (await import(module)) as ThreadJobModule;
  return loaded.createThreadJob(db, init);
}

export async function runCollectingSignals(run: (input: unknown) => Promise<unknown>, input: unknown): Promise<{ output: unknown; signals: RelayedSignal[] }> {
  signals = [];
  const output = await run(input);
  // What runs once a transaction has committed (its signals among them) runs in the commit's promise callbacks,
  // some of them after the job's own: after one turn of this thread's loop, all of them have.
  await new Promise((resolve) => setImmediate(resolve));
  return { output, signals };
}
