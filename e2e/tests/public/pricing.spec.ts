// /print/pricing: the tier table is in the served HTML; the visible pricing products come from
// GET /api/pricing/products after load, in their sort order.
import { expect, test } from '@playwright/test';
import type { PricingProduct } from '../../../api/src/contract';
import { closeE2eDb, visiblePricingProductNames } from './support/e2e-db';

test.describe.configure({ mode: 'parallel' });
test.afterAll(closeE2eDb);

test('served HTML - holds the tier table and a loading state for the products block only', async ({ request }) => {
  const html = await (await request.get('/print/pricing')).text();
  for (const text of ['0-1,999', '2,000-4,999', '5,000-9,999', '10,000+', 'First Class 4x6 postcard', '$0.680', '$0.590', '$0.835', 'Additional letter pages', '$0.09']) {
    expect(html, text).toContain(text);
  }
  expect(html).toContain('Loading pricing products');
});

test('product cards - shown in the order the API gives, with starting price and features', async ({ page }) => {
  const product = (id: number, name: string, sortOrder: number, startingPrice: number): PricingProduct => ({
    id,
    name,
    category: 'postcard',
    startingPrice,
    description: `${name} description`,
    features: [`${name} feature`],
    isVisible: true,
    sortOrder,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  await page.route('**/api/pricing/products', (r) =>
    r.fulfill({ json: [product(1, 'Alpha Card', 10, 0.59), product(2, 'Beta Letter', 20, 0.835), product(3, 'Gamma Pack', 30, 1)] }),
  );
  await page.goto('/print/pricing');
  const cards = page.getByRole('list', { name: 'Pricing products' }).getByRole('heading', { level: 3 });
  await expect(cards).toHaveText(['Alpha Card', 'Beta Letter', 'Gamma Pack']);
  await expect(page.getByRole('list', { name: 'Pricing products' })).toContainText('$0.835');
  await expect(page.getByRole('list', { name: 'Pricing products' })).toContainText('Alpha Card feature');
});

test('product block - says so when loading fails, and its retry loads the products', async ({ page }) => {
  // The server fails the first load only; the retry reaches the real server.
  await page.route('**/api/pricing/products', (r) => r.fulfill({ status: 500, body: 'boom' }), { times: 1 });
  await page.goto('/print/pricing');
  await expect(page.getByText('Pricing products could not be loaded.')).toBeVisible();
  const names = await visiblePricingProductNames();
  expect(names.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Pricing products' }).getByRole('heading', { level: 3 })).toHaveText(names);
  await expect(page.getByText('Pricing products could not be loaded.')).toHaveCount(0);
});

// Needs the API's GET /api/pricing/products and the seeded products.
test('product cards - the visible products of Pricing Management, in sort order', async ({ page }) => {
  await page.goto('/print/pricing');
  const names = await visiblePricingProductNames();
  expect(names.length).toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Pricing products' }).getByRole('heading', { level: 3 })).toHaveText(names);
});
