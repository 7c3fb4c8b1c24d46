// `crmTest`: an admin test against a product server of its own, connected to the local fake Pipedrive (the
// one the API tests use). Each test gets a fresh server, database and fake, so the CRM's counts are its own.
// The sync is set to give up after two attempts with no wait between them, and to look for work often, so
// that a record reaches sync_failed (or Pipedrive) within moments.
import { expect, request, type APIRequestContext } from '@playwright/test';
import { startFakePipedrive, type FakePipedrive } from '../../../../api/src/testing/fake-pipedrive';
import type { CrmStatus } from '../../../../api/src/contract';
import { addUser } from '../../../support/cli';
import { startProductServer, type ProductServer } from '../../../support/product-server';
import { ADMIN_NAME, signIn, test } from '../../admin/support/admin-test';

export interface CrmServer extends ProductServer {
  pipedrive: FakePipedrive;
}

// Starting a server and adding its admin take seconds of their own, on top of the test's time.
const SETUP = { scope: 'test', timeout: 60_000 } as const;

export const crmTest = test.extend<{ crm: CrmServer }>({
  crm: [
    async ({}, use) => {
      const pipedrive = await startFakePipedrive();
      const server = await startProductServer({
        PIPEDRIVE_API_TOKEN: pipedrive.token,
        PIPEDRIVE_BASE_URL: pipedrive.url,
        CRM_SYNC_MAX_ATTEMPTS: '2',
        CRM_SYNC_BACKOFF_MS: '0',
        CRM_SYNC_POLL_MS: '50',
      });
      await use({ ...server, pipedrive });
      await server.stop();
      await pipedrive.close();
    },
    SETUP,
  ],
  baseURL: async ({ crm }, use) => use(crm.url),
  storageState: [
    async ({ crm }, use) => {
      const account = { email: 'crm-admin@example.com', password: 'e2e-admin-password' };
      addUser(account.email, account.password, 'admin', ADMIN_NAME, crm.database);
      const context = await request.newContext({ baseURL: crm.url });
      await signIn(context, account);
      const state = await context.storageState();
      await context.dispose();
      await use(state);
    },
    SETUP,
  ],
});

/** Waits until the server's CRM queue holds exactly these counts (what the dashboard's CRM line shows). */
export async function waitForCrm(api: APIRequestContext, counts: Pick<CrmStatus, 'pending' | 'failed'>): Promise<void> {
  await expect
    .poll(async () => {
      const status = (await (await api.get('/api/admin/crm/status')).json()) as CrmStatus;
      return { pending: status.pending, failed: status.failed };
    })
    .toEqual(counts);
}

/** Retry sync as another admin would, from another screen. */
export async function retrySyncBehindTheScreen(api: APIRequestContext, path: string): Promise<void> {
  const res = await api.post(path);
  expect(res.status(), await res.text()).toBe(200);
}
