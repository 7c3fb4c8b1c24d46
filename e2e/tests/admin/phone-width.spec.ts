// The admin lists at a phone's width (375 px): every value of a lead, a sample request and a pricing product
// is on screen without scrolling sideways (each value's box lies inside the viewport and the page is no wider
// than it); on a desktop Recent Leads stays the table with the spec's column names as headers.
import type { Locator, Page } from '@playwright/test';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { PricingPage } from '../../pages/admin/pricing-page';
import { SamplesPage } from '../../pages/admin/samples-page';
import { createLead, createProduct, createSampleRequest } from './support/api-data';
import { expect, test, uniqueTag } from './support/admin-test';
import { checkScreen, WIDTHS } from './support/screens';

/** `Nov 22, 2026` (the product's date format), computed without the app's own formatter. */
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Each text is shown inside `within`, whole, inside the viewport's width; and the page does not scroll sideways. */
async function expectAllOnScreen(page: Page, within: Locator, texts: readonly string[]): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const text of texts) {
    const value = within.getByText(text, { exact: true }).first();
    await expect(value, text).toBeVisible();
    const box = (await value.boundingBox())!;
    expect(box.x, `${text} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${text} ends inside the viewport`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('Recent Leads at 375 px - a card per lead with every column, the status badge on its first line; a table with the column names at 1280', async ({ page }) => {
  const tag = uniqueTag('phone');
  const lead = await createLead(page.request, {
    email: `${tag}.with.a.longer.address@example-mortgage-company.com`,
    firstName: 'Bartholomew',
    lastName: `Featherstonehaugh-${tag}`,
    company: `${tag} Mortgage and Home Lending Co`,
    industry: 'mortgage',
    volume: '5000-25000',
  });
  await page.setViewportSize({ width: WIDTHS.phone, height: 812 });
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(tag);
  const card = dashboard.row(lead.email);
  await expect(card).toHaveCount(1);
  await expect(dashboard.list.getByRole('table')).toHaveCount(0);

  const name = `Bartholomew Featherstonehaugh-${tag}`;
  await expectAllOnScreen(page, card, [name, lead.email, lead.company!, 'Mortgage & Banking', '5,000 – 25,000', shortDate(lead.createdAt), 'new']);
  for (const column of ['Company', 'Industry', 'Volume', 'Date']) await expect(card.getByText(column, { exact: true })).toBeVisible();
  // The badge shares the name's line, above the e-mail.
  const badge = (await card.getByText('new', { exact: true }).boundingBox())!;
  const nameBox = (await card.getByRole('button', { name }).boundingBox())!;
  const emailBox = (await card.getByText(lead.email, { exact: true }).boundingBox())!;
  expect(Math.abs(badge.y - nameBox.y)).toBeLessThan(nameBox.height);
  expect(badge.y + badge.height).toBeLessThanOrEqual(emailBox.y + 1);

  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await expect(dashboard.table.getByRole('columnheader')).toHaveText(['Contact', 'Company', 'Industry', 'Volume', 'Date', 'Status']);
  await expect(dashboard.row(lead.email).locator('td')).toHaveCount(6);

  await checkScreen(page, 'dashboard-recent-leads', async () => {
    await expect(dashboard.list).toContainText(lead.email);
  });
});

test('sample request cards and pricing products at 375 px - every value on screen without scrolling sideways', async ({ page }) => {
  const lastName = uniqueTag('Narrow');
  await createSampleRequest(page.request, {
    lastName,
    email: `${lastName.toLowerCase()}.requests@a-rather-long-company-domain.example.com`,
    phone: '(555) 010-4000',
    company: 'Northwest Regional Credit Union',
    addressLine1: '1200 Northeast Martin Luther King Jr Boulevard',
    addressLine2: 'Building C, Suite 400',
    city: 'Portland',
    state: 'OR',
    zip: '97232',
    sampleType: 'both',
    notes: 'Please include the letter samples with the windowed envelopes as well.',
  });
  const productName = `Oversized Postcard ${uniqueTag('p')}`;
  await createProduct(page.request, {
    name: productName,
    category: 'postcard',
    startingPrice: 0.89,
    description: 'A jumbo 6x11 postcard that stands out in the mailbox.',
    features: ['Full colour both sides', 'Tracked delivery with QR codes'],
    isVisible: true,
    sortOrder: 99,
  });
  await page.setViewportSize({ width: WIDTHS.phone, height: 812 });

  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  const request = samples.request(`Sam ${lastName}`);
  await expectAllOnScreen(page, request, [
    `Sam ${lastName}`,
    'Pending',
    'CRM: pending',
    `${lastName.toLowerCase()}.requests@a-rather-long-company-domain.example.com`,
    '(555) 010-4000',
    'Northwest Regional Credit Union',
    '1200 Northeast Martin Luther King Jr Boulevard',
    'Building C, Suite 400',
    'Portland, OR 97232',
    'Both postcards and letters',
    'Please include the letter samples with the windowed envelopes as well.',
  ]);

  const pricing = new PricingPage(page);
  await pricing.goto();
  const product = page.getByRole('article', { name: productName });
  await expectAllOnScreen(page, product, [productName, 'postcard', '$0.89', 'A jumbo 6x11 postcard that stands out in the mailbox.', 'Full colour both sides', 'Tracked delivery with QR codes', 'Sort order 99']);
  await product.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screenshots/pricing-product-${WIDTHS.phone}.png`, animations: 'disabled' });
});
