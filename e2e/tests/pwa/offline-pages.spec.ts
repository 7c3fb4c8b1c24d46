// Installable and offline: Chromium itself judges installability, and after one online visit
// every public page, the 404 page and the admin shell load with the network off.
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES } from '../../../web/src/app/routes';
import { addUser } from '../../support/cli';
import { waitForServiceWorker } from './support/pwa';

test.use({ serviceWorkers: 'allow' });

// Playwright's browser contexts are off-the-record profiles, where Chromium never offers installation.
// That is the only id allowed; anything about the manifest, icons or service worker fails the test.
const HEADLESS_ONLY = ['in-incognito'];

// The project's browser tests run in Chromium only (playwright.config.ts), whose DevTools protocol answers this.
test('installability - Chromium reports no error for the site (/) nor the admin app (/admin)', async ({ page }) => {
  const email = `pwa-admin-${Date.now()}@example.com`;
  addUser(email, 'install-me-please', 'admin', 'Install Tester');
  await page.request.post('/api/auth/login', { data: { email, password: 'install-me-please' } });

  for (const path of ['/', '/admin']) {
    await page.goto(path);
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => !HEADLESS_ONLY.includes(id)), path).toEqual([]);
    const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifest).toBe(path === '/' ? '/manifest.webmanifest' : '/admin.webmanifest');
    await cdp.detach();
  }
  const admin = await (await page.request.get('/admin.webmanifest')).json();
  expect(admin).toMatchObject({ name: 'DirectMailers Admin', start_url: '/admin', display_override: ['window-controls-overlay', 'standalone'] });
  expect(admin.shortcuts.map((s: { short_name: string; url: string }) => [s.short_name, s.url])).toEqual([
    ['Leads', '/admin'],
    ['Samples', '/admin/samples'],
    ['Capture', '/admin/capture'],
  ]);
  for (const shortcut of admin.shortcuts) expect((await page.request.get(shortcut.icons[0].src)).status()).toBe(200);
  expect(admin.launch_handler).toEqual({ client_mode: ['focus-existing', 'auto'] });
});

test('offline - after one online visit every public page, the 404 page and the admin shell load', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/print/pricing'); // the pricing products pass through the worker once
  await expect(page.getByRole('list', { name: 'Pricing products' }).getByRole('listitem').first()).toBeVisible();
  await context.setOffline(true);
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 }), route.path).toBeVisible();
    await expect(page, route.path).toHaveTitle(route.meta.title);
  }
  await page.goto('/print/pricing');
  await expect(page.getByRole('list', { name: 'Pricing products' }).getByRole('listitem').first()).toBeVisible();
  await page.goto('/no-such-page-offline');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  // The admin shell loads: its navigation, the screen's title and the offline notice. With no session it
  // cannot show data, but it renders rather than failing.
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Lead Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Dashboard');
  await expect(page.getByTestId('offline-banner')).toContainText('Offline');
  await context.setOffline(false);
});
