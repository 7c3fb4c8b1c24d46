// `npm run user:add -- --email a@b.c --password 'a long secret' [--name "Ann"] [--role admin|rep]`
// Creates a staff account, or updates the one with that e-mail (new password; name and role only when given).
// Opens the database the server uses (DATABASE_URL) and brings its schema up to date first.
import { parseArgs } from 'node:util';
import { fieldErrors, userInputSchema } from '../api/src/contract';
import { ConfigError, loadConfig } from '../api/src/config';
import { createDb } from '../api/src/db/knex';
import { migrateLatest } from '../api/src/db/migrate';
import { nowIso } from '../api/src/db/types';
import { configureHashing } from '../api/src/modules/auth';
import { saveAccount } from '../api/src/modules/team';

const USAGE = `Usage: npm run user:add -- --email <email> --password <password> [--name <name>] [--role admin|rep]

Creates a staff account, or updates the account with that e-mail: its password always (signing it out
everywhere), its name and role when given. Passwords need at least 10 characters. The database is the one
DATABASE_URL names, as for npm start (default data/directmailers.sqlite). Admins can also invite staff from
the Team screen (/admin/team); both follow the same rules and write to the staff audit log.`;

function fail(message: string): never {
  console.error(`user:add: ${message}\n\n${USAGE}`);
  process.exit(1);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    return fail((err as Error).message);
  }
}

async function main() {
  const args = readArgs();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const parsed = userInputSchema.safeParse({ email: args.email, password: args.password, name: args.name, role: args.role });
  if (!parsed.success) {
    const problems = Object.entries(fieldErrors(parsed.error)).map(([field, message]) => `  --${field}: ${message}`);
    fail(`the account was not saved:\n${problems.join('\n')}`);
  }
  const input = parsed.data;

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  configureHashing(config.signIn);
  const db = createDb(config.databaseUrl);
  try {
    await migrateLatest(db);
    // Name and role keep their stored values on an update unless given; the schema's default role applies to new accounts.
    const { action, user, state } = await saveAccount(
      db,
      { email: input.email, password: input.password, name: input.name, role: args.role === undefined ? undefined : input.role },
      nowIso(),
    );
    console.log(`${action === 'created' ? 'Created' : 'Updated'} ${user.role} ${user.email}`);
    if (state === 'deactivated') console.log('The account is deactivated: an admin reactivates it on the Team screen before it can sign in.');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  // A rule the service refused (the last active admin) is the user's to fix: its message says how.
  console.error(`user:add failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
