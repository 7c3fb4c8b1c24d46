// The 404 page: status 404 for unknown paths, every button, 'Contact Us Now' revealing the
// inline lead form, and the popular pages.
import { expect, test } from '@playwright/test';
import { siteConfig, telHref } from '../../../web/src/lib/site-config';
import { LeadFormPage } from '../../pages/lead-form';

test.use({ reducedMotion: 'reduce' });

test('unknown path - 404 page with its buttons, popular pages and the form revealed by Contact Us Now', async ({ page }) => {
  const res = await page.goto('/print/no-such-product');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Explore API' })).toHaveAttribute('href', '/print');
  await expect(main.getByRole('link', { name: `Call ${siteConfig.phone}` })).toHaveAttribute('href', telHref(siteConfig.phone));
  const demo = main.getByRole('link', { name: /^Book Demo/ });
  await expect(demo).toHaveAttribute('href', siteConfig.links.demoScheduling);
  await expect(demo).toHaveAttribute('target', '_blank');

  const popular = page.getByRole('region', { name: 'Popular Pages' });
  await expect(popular.getByRole('link')).toHaveCount(4);
  await expect(popular.getByRole('link', { name: /Postcard API/ })).toHaveAttribute('href', '/print/postcards');
  await expect(popular.getByRole('link', { name: /Postcard API/ })).toContainText('Starting at $0.62');
  await expect(popular.getByRole('link', { name: /Letter API/ })).toHaveAttribute('href', '/print/letters');
  await expect(popular.getByRole('link', { name: /Pricing/ })).toHaveAttribute('href', '/print/pricing');
  await expect(popular.getByRole('link', { name: /Free Samples/ })).toHaveAttribute('href', '/print/samples');

  const form = LeadFormPage.inline(page, 'Contact us');
  await expect(form.scope).toHaveCount(0);
  await main.getByRole('button', { name: 'Contact Us Now' }).click();
  await expect(form.firstName).toBeVisible();
  await expect(form.message).toHaveAttribute('rows', '4');
  await expect(main.getByRole('button', { name: 'Contact Us Now' })).toHaveCount(0);

  await popular.getByRole('link', { name: /Pricing/ }).click();
  await expect(page).toHaveURL(/\/print\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
