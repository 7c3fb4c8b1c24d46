// The boot script starts the app once the first paint is reported; an engine that reports no paint timing (no
// `paint` entry type, or no PerformanceObserver at all) starts it at the next animation frame instead. Every
// engine the suites drive has paint timing, so that branch is taken here on purpose: the page still hydrates,
// and its lead dialog works.
import { expect, test, type Page } from '@playwright/test';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';

test.use({ reducedMotion: 'reduce' });

async function expectAppStarted(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/print');
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Demo' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Request a Demo' })).toBeVisible();
  expect(errors).toEqual([]);
}

test('an engine whose PerformanceObserver reports no paint entries - the app starts at the next frame', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['mark', 'measure', 'navigation', 'resource'] }));
  await expectAppStarted(page);
});

test('an engine without PerformanceObserver - the app starts at the next frame', async ({ page }) => {
  await page.addInitScript(() => void delete (window as { PerformanceObserver?: unknown }).PerformanceObserver);
  await expectAppStarted(page);
});
