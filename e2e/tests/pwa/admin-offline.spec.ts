// The admin as an offline-capable app: its last data shows offline, marked as such, its write
// buttons say why they are paused, and signing out clears the cached admin answers on the device.
import { expect, test } from '@playwright/test';
import { addUser } from '../../support/cli';
import { createLead } from '../admin/support/api-data';
import { uniqueEmail } from '../public/support/unique';
import { waitForServiceWorker } from './support/pwa';

test.use({ serviceWorkers: 'allow' });

test('admin offline - last data shown and marked, writes paused with the reason, sign-out clears the cache', async ({ page, context }) => {
  const email = uniqueEmail('pwa-admin');
  addUser(email, 'offline-admin-pass', 'admin', 'Offline Admin');
  await page.request.post('/api/auth/login', { data: { email, password: 'offline-admin-pass' } });
  const lead = await createLead(page.request, { email: uniqueEmail('offline-lead'), firstName: 'Cache', lastName: 'Kept' });

  await page.goto('/admin/pricing');
  await waitForServiceWorker(page);
  await page.reload(); // this visit's reads pass through the worker and are kept
  await expect(page.getByRole('button', { name: 'Add Product' })).toBeEnabled();
  await page.goto('/admin');
  await expect(page.getByText(lead.email)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing data from \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByText(lead.email)).toBeVisible();
  await page.goto('/admin/pricing');
  const add = page.getByRole('button', { name: 'Add Product' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription("You're offline: changes can't be saved until the connection is back.");

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(add).toBeEnabled();
  expect(await page.evaluate(() => caches.has('dm-admin-api'))).toBe(true);
  await page.getByRole('link', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => caches.has('dm-admin-api'))).toBe(false);
});

test('admin offline after a first visit - the answers fetched before the worker took over show, marked offline', async ({ page, context }) => {
  const email = uniqueEmail('pwa-first');
  addUser(email, 'first-visit-pass', 'admin', 'First Visit');
  await page.request.post('/api/auth/login', { data: { email, password: 'first-visit-pass' } });
  const lead = await createLead(page.request, { email: uniqueEmail('first-visit-lead'), firstName: 'First', lastName: 'Visit' });

  // The very first visit on this device: the page reads its data before any worker controls it.
  await page.goto('/admin');
  await expect(page.getByText(lead.email)).toBeVisible();
  await waitForServiceWorker(page);
  // The worker keeps what the page already showed (who is signed in, and the leads) once it takes over.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('dm-admin-api')).keys()).map((r) => new URL(r.url).pathname)), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['/api/auth/user', '/api/admin/leads', '/api/admin/stats']));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing data from \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByText(lead.email)).toBeVisible();
  await expect(page.getByText('We could not check your sign-in')).toHaveCount(0);
  await context.setOffline(false);
});
