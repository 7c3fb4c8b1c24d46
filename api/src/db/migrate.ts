import type { Db } from './knex';
import { migrationSource } from './migrations';

/** Brings the schema up to date; safe to call on every start and from several processes (Knex takes a lock). */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}
