// /print/pricing: the tier table is in the served HTML; the visible pricing products come from
// GET /api/pricing/products after load, in their sort order.
// The staff's session, to enter a product through Pricing Management's API; the public page is the same without it.
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { createProduct } from '../admin/support/api-data';
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

test('product cards - a product as entered in Pricing Management: its starting price, description and features', async ({ page }) => {
  // Last in the sort order, so the cards before it keep their places while it exists; hidden again at the end.
  const name = uniqueTag('Jumbo Card ');
  const product = await createProduct(page.request, {
    name, startingPrice: 0.89, category: 'letter', description: `${name} description`, features: ['Tracked to the door'], isVisible: true, sortOrder: 9_999,
  });
  try {
    await page.goto('/print/pricing');
    const card = page.getByRole('list', { name: 'Pricing products' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
    await expect(card).toContainText('Starting at $0.89');
    await expect(card).toContainText(`${name} description`);
    await expect(card).toContainText('Tracked to the door');
  } finally {
    expect((await page.request.put(`/api/admin/pricing/products/${product.id}/visibility`, { data: { isVisible: false } })).ok()).toBe(true);
  }
});

test('product block - says so when loading fails (the connection drops), and its retry loads the products', async ({ page }) => {
  // The network fails the first load only; the retry reaches the real server.
  await page.route('**/api/pricing/products', (r) => r.abort('connectionreset'), { times: 1 });
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
