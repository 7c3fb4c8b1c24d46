// CRM sync in the admin and lead attribution end to end (issue 7). The e2e server has no Pipedrive token, so
// the real answers are "CRM not connected"; a successful retry is the server's answer stubbed with route.fulfill.
import type { Page } from '@playwright/test';
import type { Lead, SampleRequest } from '../../../api/src/contract/entities';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { SamplesPage } from '../../pages/admin/samples-page';
import { LeadFormPage } from '../../pages/lead-form';
import { SiteChrome } from '../../pages/site-chrome';
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { createLead, createSampleRequest } from '../admin/support/api-data';
import { closeLeadStatusDb, moveLeadTo } from '../admin/support/lead-status';
import { closeE2eDb, findLeadByEmail } from '../public/support/e2e-db';
import { fillLead, waitOutMinimumFillTime } from '../public/support/lead-helpers';

test.use({ serviceWorkers: 'block', reducedMotion: 'reduce' });
test.afterAll(async () => {
  await closeE2eDb();
  await closeLeadStatusDb();
});

const RETRY = /\/api\/admin\/(leads|print-samples)\/\d+\/retry-sync$/;

/** Answers every retry-sync POST with this status and body instead of the server. */
async function stubRetry(page: Page, status: number, body: object): Promise<void> {
  await page.unroute(RETRY);
  await page.route(RETRY, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }) : route.fallback(),
  );
}

test('attribution - UTM parameters of the landing page reach the stored lead two pages later and the admin detail', async ({ page }) => {
  const email = `${uniqueTag('attr')}@example.com`;
  await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=fall');
  const chrome = new SiteChrome(page);
  await chrome.ready();

  await chrome.navLink('Print API').click();
  await expect(page).toHaveURL(/\/print$/);
  await chrome.ready();
  await chrome.footer.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/print\/pricing$/);
  await chrome.ready();

  await chrome.getDemoButton().click();
  const form = LeadFormPage.modal(page);
  await expect(form.firstName).toBeVisible();
  const shownAt = Date.now();
  await fillLead(form, { firstName: 'Ada', lastName: 'Attributed', email, company: 'Fall Campaign Co' }, 'modal');
  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();

  await expect.poll(async () => (await findLeadByEmail(email))?.utm_source ?? null).toBe('newsletter');
  const row = (await findLeadByEmail(email))!;
  expect(row).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'fall', utm_term: null, utm_content: null, landing_page: '/' });

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(email);
  await dashboard.row(email).getByRole('button', { name: 'Ada Attributed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lead details' });
  // Headless UI's dialog element is a zero-size wrapper: its title is what shows.
  await expect(dialog.getByRole('heading', { name: 'Lead details' })).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText('Fall Campaign Co');
  const shown: [string, string][] = [
    ['UTM source', 'newsletter'],
    ['UTM medium', 'email'],
    ['UTM campaign', 'fall'],
    ['Landing page', '/'],
  ];
  for (const [term, value] of shown) {
    await expect(dialog.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')).toHaveText(value);
  }
  await expect(dialog.getByText('UTM term', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('lead detail - a lead without attribution says so', async ({ page }) => {
  const email = `${uniqueTag('noattr')}@example.com`;
  await createLead(page.request, { email, lastName: 'Plain' });
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(email);
  await dashboard.row(email).getByRole('button', { name: 'Lee Plain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lead details' });
  await expect(dialog.getByText('No attribution recorded')).toBeVisible();
});

test('dashboard - says "CRM not connected" when the server has no Pipedrive token', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByRole('region', { name: 'CRM sync' })).toContainText('CRM not connected');
});

test('dashboard - a connected CRM shows its pending and failed counts', async ({ page }) => {
  await page.route('**/api/admin/crm/status', (route) => route.fulfill({ json: { connected: true, pending: 3, failed: 1 } }));
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByRole('region', { name: 'CRM sync' })).toContainText('CRM connected — 3 pending, 1 failed');
});

test('retry sync - a failed lead shows its reason and Retry sync; success and failure are toasted', async ({ page }) => {
  const email = `${uniqueTag('retry')}@example.com`;
  const lead = await createLead(page.request, { email, lastName: 'Retry' });
  await moveLeadTo(lead.id, 'sync_failed');
  // The sync error is written only by the CRM worker, which the e2e server does not run: the list answer
  // is the server's, with this lead's reason filled in.
  const reason = 'Gave up after 10 attempts: POST /api/v2/deals: 503 Service unavailable';
  await page.route(/\/api\/admin\/leads\?/, async (route) => {
    const response = await route.fetch();
    const leads = (await response.json()) as Lead[];
    await route.fulfill({ response, json: leads.map((l) => (l.id === lead.id ? { ...l, syncError: reason } : l)) });
  });

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(email);
  const row = dashboard.row(email);
  await expect(dashboard.statusOf(email)).toHaveText('sync_failed');
  await expect(dashboard.statusOf(email)).toHaveAttribute('title', reason);
  await expect(dashboard.statusOf(email)).toHaveAccessibleDescription(`Sync error: ${reason}`);

  // Success: the lead comes back `new`; the list and stats are fetched again.
  await stubRetry(page, 200, { ...lead, status: 'new', syncError: null });
  const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/leads' && r.method() === 'GET');
  const stats = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/stats');
  const retried = page.waitForRequest(RETRY);
  await row.getByRole('button', { name: 'Retry sync' }).click();
  expect(new URL((await retried).url()).pathname).toBe(`/api/admin/leads/${lead.id}/retry-sync`);
  await expect(dashboard.toastTitle).toHaveText('Sync queued again');
  await refetched;
  await stats;

  // Already in the CRM: the server's message is the toast's description.
  await stubRetry(page, 409, { message: 'This lead is already in the CRM' });
  await row.getByRole('button', { name: 'Retry sync' }).click();
  await expect(dashboard.toastTitle).toHaveText('Failed to retry sync');
  await expect(dashboard.toastDescription).toHaveText('This lead is already in the CRM');

  // The real server, without a token.
  await page.unroute(RETRY);
  await row.getByRole('button', { name: 'Retry sync' }).click();
  await expect(dashboard.toastDescription).toHaveText('CRM not connected');
});

test('retry sync - a failed sample request shows its reason in the card and retries', async ({ page }) => {
  const lastName = uniqueTag('Sync');
  const request = await createSampleRequest(page.request, { lastName });
  const reason = 'POST /api/v2/persons: 400 Invalid email';
  // Sample requests reach `sync_failed` only through the CRM worker: the list answer is the server's, with
  // this request marked failed.
  await page.route(/\/api\/admin\/print-samples$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const requests = (await response.json()) as SampleRequest[];
    await route.fulfill({ response, json: requests.map((r) => (r.id === request.id ? { ...r, pipedriveStatus: 'sync_failed', syncError: reason } : r)) });
  });

  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  const card = page.getByRole('article', { name: `Sam ${lastName}` });
  await expect(card).toContainText(reason);

  await stubRetry(page, 200, { ...request, pipedriveStatus: 'pending', syncError: null });
  const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/print-samples' && r.method() === 'GET');
  await card.getByRole('button', { name: 'Retry sync' }).click();
  await expect(samples.toastTitle).toHaveText('Sync queued again');
  await refetched;

  await page.unroute(RETRY);
  await card.getByRole('button', { name: 'Retry sync' }).click();
  await expect(samples.toastTitle).toHaveText('Failed to retry sync');
  await expect(samples.toastDescription).toHaveText('CRM not connected');
});
