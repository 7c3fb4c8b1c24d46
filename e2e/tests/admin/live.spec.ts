// The live desk in the browser: a lead posted through the public form reaches every open staff dashboard
// without a reload, and the stream comes back after the server restarts. A product server of its own (a fresh
// database, restartable), so the counts are this file's alone.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { SamplesPage } from '../../pages/admin/samples-page';
import { LeadFormPage } from '../../pages/lead-form';
import { startProductServer, type ProductServer } from '../../support/product-server';
import { addUser } from '../../support/cli';
import { submitInlineLead } from '../pwa/support/pwa';
import { uniqueTag } from './support/admin-test';
import { EVENTS_CHANNEL } from '../../../web/src/lib/cache-names';

const PASSWORD = 'e2e-live-password';
let server: ProductServer;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  server = await startProductServer({});
  addUser('live-ann@example.com', PASSWORD, 'admin', 'Ann Admin', server.database);
  addUser('live-bob@example.com', PASSWORD, 'admin', 'Bob Admin', server.database);
  // Enough leads that the table scrolls.
  for (let i = 0; i < 30; i++) await postLead(`seed-${i}@example.com`, 'Seed'); // in order: newest last
});

test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await server?.stop();
});

async function postLead(email: string, lastName: string): Promise<void> {
  const res = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ firstName: 'Lee', lastName, email, company: 'Live Co', industry: 'retail', source: 'Main Website', elapsedMs: 9000 }),
  });
  if (res.status !== 201) throw new Error(`lead not stored: ${res.status} ${await res.text()}`);
}

async function staffDashboard(browser: Browser, email: string): Promise<DashboardPage> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const res = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const page = await context.newPage();
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.rows.first()).toBeVisible();
  return dashboard;
}

const topOf = (page: Page, email: string) => page.locator('tbody > tr', { hasText: email }).evaluate((row) => Math.round(row.getBoundingClientRect().top));

test('a lead from the public form - on both staff dashboards at once, counts updated, scroll and open dialog kept', async ({ browser }) => {
  const ann = await staffDashboard(browser, 'live-ann@example.com');
  const bob = await staffDashboard(browser, 'live-bob@example.com');
  const total = Number((await ann.stat('Total Leads').textContent())?.replace(/,/g, ''));
  expect(total).toBe(30);

  // Ann has scrolled down to read a lead further down the table; Bob has a lead's details open.
  const reading = 'seed-10@example.com';
  await ann.row(reading).scrollIntoViewIfNeeded();
  await ann.page.evaluate(() => window.scrollBy(0, 200));
  const readingTop = await topOf(ann.page, reading);
  await bob.openButton(bob.row('seed-5@example.com')).click();
  const dialog = bob.page.getByRole('dialog');
  await expect(dialog).toContainText('seed-5@example.com');

  const visitor = await browser.newContext({ baseURL: server.url });
  contexts.push(visitor);
  const form = await visitor.newPage();
  const shownAt = Date.now();
  await form.goto('/');
  const email = `${uniqueTag('live')}@example.com`;
  await submitInlineLead(form, email, shownAt);
  await expect(LeadFormPage.inline(form).thankYou).toBeVisible();

  for (const desk of [ann, bob]) {
    await expect(desk.row(email)).toHaveCount(1);
    await expect(desk.row(email).locator('[data-new-mark]')).toHaveText('New');
    await expect(desk.stat('Total Leads')).toHaveText('31');
    // At the top of the table, newest first.
    await expect(desk.rows.first()).toContainText(email);
  }
  expect(await ann.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(Math.abs((await topOf(ann.page, reading)) - readingTop)).toBeLessThanOrEqual(1);
  await expect(dialog.getByRole('heading', { name: 'Lead details' })).toBeVisible();
  await expect(dialog).toContainText('seed-5@example.com');
  await ann.page.screenshot({ path: test.info().outputPath('live-dashboard-scrolled.png') });
  // The new row at the top, at desktop and phone width, for a look at the New mark.
  await ann.page.evaluate(() => window.scrollTo(0, 0));
  await ann.row(email).scrollIntoViewIfNeeded();
  await ann.page.screenshot({ path: test.info().outputPath('live-dashboard-1280.png') });
  await ann.page.setViewportSize({ width: 375, height: 800 });
  await ann.row(email).scrollIntoViewIfNeeded();
  await ann.page.screenshot({ path: test.info().outputPath('live-dashboard-375.png') });
});

test('a sample request - on the open Requests tab at the top, marked New, and the badge counts it', async ({ browser }) => {
  const ann = await staffDashboard(browser, 'live-ann@example.com');
  // The tab holding the stream announces its state to the others on the app's channel; listen as one of them.
  await ann.page.addInitScript((channel) => {
    new BroadcastChannel(channel).onmessage = (e: MessageEvent<{ type?: string; status?: string }>) => {
      if (e.data?.type === 'live-status') (window as unknown as { liveStatus?: string }).liveStatus = e.data.status;
    };
  }, EVENTS_CHANNEL);
  const samples = new SamplesPage(ann.page);
  const listed = ann.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/print-samples');
  await samples.goto();
  await samples.requestsTab.click();
  await listed;
  await expect(samples.totalRequests).toHaveText('0 Total Requests');
  // Posted once the stream is open, the request is news on it, not part of the list the screen loaded.
  await ann.page.waitForFunction(() => (window as unknown as { liveStatus?: string }).liveStatus === 'open');
  const lastName = uniqueTag('Live');
  const res = await fetch(`${server.url}/api/print-samples`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ firstName: 'Sam', lastName, email: 'sam@example.com', addressLine1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', sampleType: 'both', elapsedMs: 9000 }),
  });
  expect(res.status).toBe(201);
  // The mark sits on the list item, over the card's corner.
  await expect(ann.page.locator('li', { has: samples.request(`Sam ${lastName}`) }).locator('[data-new-mark]')).toHaveText('New');
  await expect(samples.totalRequests).toHaveText('1 Total Requests');
  await expect(ann.page.getByRole('tabpanel').getByRole('article').first()).toHaveAccessibleName(`Sam ${lastName}`);
});

test('the server restarts - the stream resumes and the next lead still arrives without a reload', async ({ browser }) => {
  const ann = await staffDashboard(browser, 'live-ann@example.com');
  await ann.page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));
  const port = new URL(server.url).port;
  await server.stop();
  server = await startProductServer({ PORT: port, E2E_KEEP_DATABASE: '1' });
  const email = `${uniqueTag('restart')}@example.com`;
  await postLead(email, 'Restart');
  await expect(ann.row(email)).toHaveCount(1, { timeout: 15_000 });
  // The same page: it was never reloaded.
  expect(await ann.page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
});

test('a lead stored after the dashboard read its table but before its stream opened - shown all the same, marked New', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  expect((await context.request.post('/api/auth/login', { data: { email: 'live-ann@example.com', password: PASSWORD } })).ok()).toBe(true);
  const page = await context.newPage();
  // The stream is slow to open (a busy proxy, a waking laptop): it waits until the lead below is stored.
  let release!: () => void;
  const stored = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/live*', async (route) => {
    await stored;
    await route.continue();
  });
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.rows.first()).toBeVisible();
  const email = `${uniqueTag('between')}@example.com`;
  await postLead(email, 'Between');
  await expect(dashboard.row(email)).toHaveCount(0);
  release();
  await expect(dashboard.row(email).locator('[data-new-mark]')).toHaveText('New');
});
