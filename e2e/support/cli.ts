// Runs the project's own commands against the e2e server's database, as a newcomer would.
import { execFileSync } from 'node:child_process';
import { E2E_DB } from '../../playwright.config';

/** `database`: the e2e server's by default; a test's own server passes its file (e2e/support/product-server.ts). */
export function addUser(email: string, password: string, role: 'admin' | 'rep' = 'admin', name = 'Test Admin', database = E2E_DB): void {
  execFileSync('npm', ['run', '--silent', 'user:add', '--', '--email', email, '--password', password, '--name', name, '--role', role], {
    env: { ...process.env, DATABASE_URL: database },
    stdio: 'pipe',
  });
}
