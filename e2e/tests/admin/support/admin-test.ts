// `test` for the admin screens: each worker creates one admin with the project's own `user:add` command,
// signs in once through POST /api/auth/login, and every test starts from that saved session.
import { test as base, request, type APIRequestContext } from '@playwright/test';
import { addUser } from '../../../support/cli';

export interface Account {
  email: string;
  password: string;
  name: string;
}

export const ADMIN_NAME = 'Test Admin';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export const test = base.extend<object, { adminAccount: Account; adminState: StorageState }>({
  adminAccount: [
    async ({}, use, workerInfo) => {
      const account = { email: `admin-w${workerInfo.workerIndex}-${Date.now()}@example.com`, password: 'e2e-admin-password', name: ADMIN_NAME };
      addUser(account.email, account.password, 'admin', account.name);
      await use(account);
    },
    { scope: 'worker' },
  ],
  adminState: [
    async ({ adminAccount }, use, workerInfo) => {
      const context = await request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signIn(context, adminAccount);
      const state = await context.storageState();
      await context.dispose();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
  // These tests stub answers with page.route, which does not see requests a service worker makes; the
  // offline behaviour the service worker adds has tests of its own.
  serviceWorkers: 'block',
});

export { expect } from '@playwright/test';

export async function signIn(context: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const res = await context.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** A marker unique to one test run, put into names and e-mails so searches find only this test's data. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
