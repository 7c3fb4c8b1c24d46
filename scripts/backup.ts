// `npm run backup -- <file>`: a consistent copy of the SQLite database (DATABASE_URL, as for npm start) while the
// server runs. On PostgreSQL it prints the pg_dump command instead. See README, "Backups".
import { ConfigError, loadConfig } from '../api/src/config';
import { isPostgresUrl, sqliteFileFromUrl } from '../api/src/db/knex';
import { BackupError, backupSqlite } from '../api/src/db/sqlite-backup';
import { postgresAdvice } from './backup-advice';

const USAGE = `Usage: npm run backup -- <file>

Copies the database named by DATABASE_URL (default data/directmailers.sqlite) to <file>, a new file, while the
server keeps running. The copy holds every lead: keep it as private as the database itself (it is made 0600).
Put it back with: npm run restore -- <file>`;

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length || file === '--help' || file === '-h') {
    console.error(USAGE);
    process.exit(file === '--help' || file === '-h' ? 0 : 1);
  }
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    console.error(postgresAdvice('backup', file));
    process.exit(1);
  }
  const source = sqliteFileFromUrl(config.databaseUrl);
  const summary = await backupSqlite(source, file);
  console.log(`Backed up ${source} to ${file}: ${summary.leads} leads, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB, schema ${summary.schema ?? 'empty'}.`);
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? `backup: ${err.message}` : err);
  process.exit(1);
});
