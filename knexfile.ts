// For the knex CLI (`npx knex --knexfile knexfile.ts migrate:status`); the app itself migrates on start.
import { knexConfig } from './api/src/db/knex';
import { migrationSource } from './api/src/db/migrations';

export default { ...knexConfig(process.env.DATABASE_URL), migrations: { migrationSource } };
