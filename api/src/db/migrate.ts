import { setTimeout as sleep } from 'node:timers/promises';
import { oneAtATime } from './dialect';
import { isPostgres } from './engine';
import type { Db } from './knex';
import { migrationSource } from './migrations';

/** Only one process migrates at a time (PostgreSQL: an advisory lock; see oneAtATime). */
const MIGRATIONS_LOCK = 0x6d69_6772n;
// Up to a minute for the other process's migrations: the whole schema from empty takes seconds, and well over ten
// on a busy 2-core machine.
const LOCKED_RETRIES = 600;
const LOCKED_WAIT_MS = 100;
/** Knex's names for its tables (the knexfile keeps knex's default). */
const KNEX_TABLE = 'knex_migrations';
const KNEX_LOCK_TABLE = 'knex_migrations_lock';

/**
 * Brings the schema up to date; safe to call on every start and from several processes started together on one
 * empty database. Knex's own lock is a row in a table it creates on first use, so two processes both creating
 * that table, or one finding the other's lock taken, would stop with an error: on PostgreSQL the processes take
 * turns on an advisory lock first; on SQLite a process that meets the other's work (the lock taken, the table
 * created under it) waits a moment and looks again, finding the schema done or its turn come.
 */
export async function migrateLatest(db: Db): Promise<string[]> {
  if (!isPostgres(db)) await prepareKnexTables(db);
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

/**
 * SQLite: knex's own bookkeeping tables, made in one transaction before knex looks at them. Knex makes its lock
 * table and inserts the table's one row in separate statements, so two processes starting together on an empty
 * file could both find the table empty and both insert a row; from then on taking the lock updates two rows,
 * which knex reads as "already locked", for ever.
 * Our SQLite transactions begin IMMEDIATE: the second process waits here for the first and finds the row. The
 * tables are defined as knex defines them (knex/lib/migrations/migrate/table-creator.js); a file a race already
 * left with two rows keeps one.
 */
async function prepareKnexTables(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await trx.schema.hasTable(KNEX_TABLE))) {
      await trx.schema.createTable(KNEX_TABLE, (t) => {
        t.increments();
        t.string('name');
        t.integer('batch');
        t.timestamp('migration_time');
      });
    }
    if (!(await trx.schema.hasTable(KNEX_LOCK_TABLE))) {
      await trx.schema.createTable(KNEX_LOCK_TABLE, (t) => {
        t.increments('index').primary();
        t.integer('is_locked');
      });
    }
    const rows = (await trx(KNEX_LOCK_TABLE).select('index').orderBy('index')) as { index: number }[];
    if (rows.length === 0) await trx(KNEX_LOCK_TABLE).insert({ is_locked: 0 });
    else if (rows.length > 1) await trx(KNEX_LOCK_TABLE).where('index', '>', rows[0]!.index).delete();
  });
}
