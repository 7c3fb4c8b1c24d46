// The admin as an offline-capable app: its last data shows offline, marked as such, its write
// buttons say why they are paused, and signing out clears the cached admin answers on the device.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addUser } from '../../support/cli';
import { createLead } from '../admin/support/api-data';
import { uniqueTag } from '../admin/support/admin-test';
import { uniqueEmail } from '../public/support/unique';
import { waitForServiceWorker } from './support/pwa';
import { ADMIN_API_CACHE } from '../../../web/src/lib/cache-names';

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
  expect(await page.evaluate((name) => caches.has(name), ADMIN_API_CACHE)).toBe(true);
  await page.getByRole('link', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate((name) => caches.has(name), ADMIN_API_CACHE)).toBe(false);
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
    .poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), ADMIN_API_CACHE), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['/api/auth/user', '/api/admin/leads', '/api/admin/stats']));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing data from \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByText(lead.email)).toBeVisible();
  await expect(page.getByText('We could not check your sign-in')).toHaveCount(0);
  await context.setOffline(false);
});

/** The paths the worker keeps in the admin's cache, as the page sees them. */
function cachedAdminPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), ADMIN_API_CACHE);
}

/** Signs a new admin in, makes a lead, and shows it on /admin through the worker, so it is in the cache. */
async function adminWithCachedLead(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  addUser(email, `${tag}-pass-123`, 'admin', 'Session Ender');
  await page.request.post('/api/auth/login', { data: { email, password: `${tag}-pass-123` } });
  const lead = await createLead(page.request, { email: uniqueEmail(`${tag}-lead`), firstName: 'Left', lastName: 'Behind' });
  await page.goto('/admin');
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByText(lead.email)).toBeVisible();
  await expect.poll(() => cachedAdminPaths(page)).toEqual(expect.arrayContaining(['/api/auth/user', '/api/admin/leads']));
  return lead;
}

/** Offline, /admin shows nothing of the ended session: no cached answer, no lead on screen. */
async function expectNoAdminDataOffline(page: Page, context: BrowserContext, leadEmail: string) {
  await context.setOffline(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByText('We could not check your sign-in')).first()).toBeVisible();
  await expect(page.getByText(leadEmail)).toHaveCount(0);
  await expect(page.getByText(/showing data from/)).toHaveCount(0);
  expect(await cachedAdminPaths(page)).toEqual([]);
  await context.setOffline(false);
}

test('session ended by /api/logout reached directly (not the Sign out button) - offline, /admin shows no cached admin data', async ({ page, context }) => {
  const lead = await adminWithCachedLead(page, 'pwa-direct-logout');
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  await expectNoAdminDataOffline(page, context, lead.email);
});

test('session ended elsewhere (the server answers 401) - the worker drops the cached admin data; offline, /admin shows none', async ({ page, context }) => {
  const lead = await adminWithCachedLead(page, 'pwa-401');
  // The session is gone (expired, or ended on another device): the next read is answered 401.
  await context.clearCookies();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
  await expectNoAdminDataOffline(page, context, lead.email);
});

test('CSV exports never enter the cache', async ({ page }) => {
  await adminWithCachedLead(page, 'pwa-csv');
  // Read to its end: a streamed answer the worker kept would be written to the cache as it streams.
  const csv = await page.evaluate(async () => {
    const res = await fetch('/api/admin/leads.csv');
    return { status: res.status, text: await res.text() };
  });
  expect(csv.status).toBe(200);
  expect(csv.text).toContain('pwa-csv');
  // The worker writes its cache after answering. A read it does keep, fetched after the export was answered and
  // read to its end, and never fetched before (its search is unique), shows in the cache only once its write is
  // done. Writes to one cache are carried out in the order they were asked for, and a write of the export would
  // have been asked for when its answer arrived, before the marker was even requested: once the marker is in the
  // cache, so is anything the worker kept of the export. Only then is the export's absence meaningful.
  const marker = `/api/admin/leads?q=${uniqueTag('settled')}`;
  await page.evaluate(async (url) => void (await fetch(url)), marker);
  await expect.poll(() => cachedAdminUrls(page)).toContain(marker);
  expect(await cachedAdminPaths(page)).not.toContain('/api/admin/leads.csv');
});

/** The path and query of every answer the worker keeps in the admin's cache. */
function cachedAdminUrls(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search), ADMIN_API_CACHE);
}
