// A transaction held open on purpose, as another process in the middle of its own work: the rows it wrote stay
// locked on PostgreSQL, and on SQLite it holds the database's one write lock. Tests use it to make concurrent
// requests meet at the database instead of running one after the other by chance.
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

export interface HeldTransaction {
  /** Commits the held transaction and resolves once it has. */
  release: () => Promise<void>;
}

/** Begins a transaction on `db`, runs `work` in it, and keeps it open until `release()`. */
export async function holdTransaction(db: Db, work: (trx: Knex.Transaction) => Promise<unknown>): Promise<HeldTransaction> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const worked = new Promise<void>((resolve) => (ready = resolve));
  const done = db.transaction(async (trx) => {
    await work(trx);
    ready();
    await released;
  });
  await Promise.race([worked, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}
