// Which engine a connection is on. Asked only inside api/src/db (dialect.ts names each difference); modules
// never branch on it, a rule `npm run lint:imports` keeps.
import type { Db } from './knex';

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}
