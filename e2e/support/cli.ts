// Runs the project's own commands against the e2e server's database, as a newcomer would.
import { execFileSync } from 'node:child_process';
import { E2E_DB } from '../../playwright.config';

export function addUser(email: string, password: string, role: 'admin' | 'rep' = 'admin', name = 'Test Admin'): void {
  execFileSync('npm', ['run', '--silent', 'user:add', '--', '--email', email, '--password', password, '--name', name, '--role', role], {
    env: { ...process.env, DATABASE_URL: E2E_DB },
    stdio: 'pipe',
  });
}
