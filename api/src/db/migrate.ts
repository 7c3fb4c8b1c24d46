import { setTimeout as sleep } from 'node:timers/promises';
import { oneAtATime } from './dialect';
import type { Db } from './knex';
import { migrationSource } from './migrations';

/** Only one process migrates at a time (PostgreSQL: an advisory lock; see oneAtATime). */
const MIGRATIONS_LOCK = 0x6d69_6772n;
// Up to a minute for the other process's migrations: the whole schema from empty takes seconds, more on a busy
// machine (a loaded 2-core CI run saw a second server give up after ten).
const LOCKED_RETRIES = 600;
const LOCKED_WAIT_MS = 100;

/**
 * Brings the schema up to date; safe to call on every start and from several processes started together on one
 * empty database. Knex's own lock is a row in a table it creates on first use, so two processes both creating
 * that table, or one finding the other's lock taken, would stop with an error: on PostgreSQL the processes take
 * turns on an advisory lock first; on SQLite a process that meets the other's work (the lock taken, the table
 * created under it) waits a moment and looks again, finding the schema done or its turn come.
 */
export async function migrateLatest(db: Db): Promise<string[]> {
  return oneAtATime(db, MIGRATIONS_LOCK, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
        return applied;
      } catch (err) {
        if (!anotherProcessIsMigrating(err) || attempt >= LOCKED_RETRIES) throw err;
        await sleep(LOCKED_WAIT_MS);
      }
    }
  });
}

function anotherProcessIsMigrating(err: unknown): boolean {
  const e = err as Error;
  return e.name === 'MigrationLocked' || /knex_migrations(_lock)?` already exists/.test(e.message ?? '');
}
