// Runs the project's own commands against the e2e server's database: the script `npm run user:add` runs, started
// as npm starts it (tsx) but without npm in front, which cost each call 0.6 s of a core (the suite makes dozens;
// scripts/start-stop.test.ts and backup-restore.test.ts go through npm itself).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_DB } from '../../playwright.config';

/** `database`: the e2e server's by default; a test's own server passes its file (e2e/support/product-server.ts). */
export function addUser(email: string, password: string, role: 'admin' | 'rep' = 'admin', name = 'Test Admin', database = E2E_DB): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/user-add.ts', '--email', email, '--password', password, '--name', name, '--role', role], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: database },
    stdio: 'pipe',
  });
}
