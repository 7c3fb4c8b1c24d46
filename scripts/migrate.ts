// `npm run migrate`: bring the database named by DATABASE_URL up to date without starting the server.
import { loadConfig } from '../api/src/config';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';

const config = loadConfig();
const db = createDb(config.databaseUrl);
try {
  const applied = await migrateLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
} finally {
  await db.destroy();
}
