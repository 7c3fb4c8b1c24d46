import { expect, test } from '@playwright/test';

test('home page - served prerendered with its h1 and title', async ({ page, request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<h1');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/DirectMailers/);
});

test('unknown path - HTTP 404 with the 404 page', async ({ request }) => {
  const res = await request.get('/no-such-page');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Page not found');
});
