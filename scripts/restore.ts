// `npm run restore -- <file>`: puts a copy made by `npm run backup` back in place of the SQLite database
// (DATABASE_URL, as for npm start), with the server stopped. On PostgreSQL it prints the pg_restore command
// instead. See README, "Backups".
import { ConfigError, loadConfig } from '../api/src/config';
import { isPostgresUrl, sqliteFileFromUrl } from '../api/src/db/knex';
import { BackupError, restoreSqlite } from '../api/src/db/sqlite-backup';
import { postgresAdvice } from './backup-advice';

const USAGE = `Usage: npm run restore -- <file>

Replaces the database named by DATABASE_URL (default data/directmailers.sqlite) with the copy <file>. Stop the
server first: the restore refuses while any process has the database open. The copy is checked first (a
readable, intact database whose schema this version knows); the database it replaces is kept beside it as
<database>.before-restore-<time>.`;

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length || file === '--help' || file === '-h') {
    console.error(USAGE);
    process.exit(file === '--help' || file === '-h' ? 0 : 1);
  }
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    console.error(postgresAdvice('restore', file));
    process.exit(1);
  }
  const target = sqliteFileFromUrl(config.databaseUrl);
  const summary = await restoreSqlite(file, target);
  console.log(`Restored ${file} to ${target}: ${summary.leads} leads.`);
  console.log(summary.pending.length ? `The next start brings its schema up to date (${summary.pending.length} migrations: ${summary.pending.join(', ')}).` : 'Its schema is up to date.');
  if (summary.previous) console.log(`The database it replaced is at ${summary.previous}: delete it once you no longer need it (it holds personal data).`);
  if (summary.erasuresUndone) {
    const who = summary.erasuresUndone === 1 ? '1 person was' : `${summary.erasuresUndone} people were`;
    console.log(`Warning: ${who} erased after this copy was made, and the copy holds them again. Erase them again from the Privacy screen.`);
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? `restore: ${err.message}` : err);
  process.exit(1);
});
