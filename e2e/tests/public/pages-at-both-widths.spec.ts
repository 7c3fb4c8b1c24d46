// Every public route at 375 px and then 1280 px, one browser each to keep the suite quick: the prerendered
// page hydrates (the app marks <html data-hydrated>) without a warning, nothing is wider than the screen, every
// file it asks for arrives (a missing chunk leaves the HTML on screen but dead), its head survives hydration,
// axe-core finds no serious or critical violation, and a full-page screenshot lands under
// test-results/screenshots/ for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { notFoundMeta, publicRoutes, routeSlug, VIEWPORTS } from '../../pages/public-routes';
import { SiteChrome } from '../../pages/site-chrome';
import { expectNoSeriousViolations } from '../../support/axe';
import { HYDRATED_ATTRIBUTE } from '../../../web/src/lib/hydration-mark';

test.describe.configure({ mode: 'parallel' });
// The service worker registers as it does for visitors, so its start-up is part of a clean page load.
test.use({ reducedMotion: 'reduce', serviceWorkers: 'allow' });

const SHOTS = 'test-results/screenshots';

const ROUTES = [...publicRoutes.map((r) => r.path), '/no-such-page'];

function routeMeta(path: string) {
  return publicRoutes.find((r) => r.path === path) ?? notFoundMeta;
}

/** React reports hydration mismatches and other render problems as console errors or warnings. */
function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    const text = msg.text();
    // A failed response is checked by status in collectFailedResponses, which knows the one expected 404;
    // the pricing block logs its own load failure and shows it on the page.
    if (/Failed to load resource|Pricing products failed to load/.test(text)) return;
    problems.push(text);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** Every response with a 4xx/5xx status and every request that got no answer, except the 404 page itself. */
function collectFailedResponses(page: Page, path: string): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() < 400) return;
    const expected404 = res.status() === 404 && res.request().isNavigationRequest() && new URL(res.url()).pathname === path;
    if (!expected404) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => failed.push(`${req.failure()?.errorText ?? 'failed'} ${req.url()}`));
  return failed;
}

for (const path of ROUTES) {
  test(`${path} at 375 px, then 1280 px - hydrates cleanly, no serious or critical axe violation; screenshots saved`, async ({ page }) => {
    const problems = collectConsoleProblems(page);
    const failedResponses = collectFailedResponses(page, path);
    const slug = path === '/no-such-page' ? '404' : routeSlug(path);
    // A first visit at phone width; then, in the same browser, the page loaded again at desktop width (the
    // service worker installed by the first visit may serve it, as it would a returning visitor).
    let first = true;
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await test.step(`${viewport.width} px`, async () => {
        await page.setViewportSize(viewport);
        if (first) await page.goto(path, { waitUntil: 'networkidle' });
        else await page.reload({ waitUntil: 'networkidle' });
        first = false;
        await expect(page.locator('html')).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true');
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Nothing wider than the screen: a page that pans sideways on a phone is broken there.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        const meta = routeMeta(path);
        await expect(page).toHaveTitle(meta.title);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
        expect(problems).toEqual([]);
        expect(failedResponses).toEqual([]);
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: `${SHOTS}/${slug}-${name}-${viewport.width}.png`, fullPage: true });
      });
    }
  });
}

test('lead modal open - no serious or critical axe violation, focus inside the dialog', async ({ page }) => {
  await page.goto('/print');
  const chrome = new SiteChrome(page);
  await chrome.ready();
  await chrome.getDemoButton().click();
  const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
  await expect(dialog.getByLabel('First Name')).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toBeFocused();
  await dialog.getByRole('button', { name: /^(Send Request)$/ }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${SHOTS}/lead-modal-errors-desktop-1280.png` });
});

test.describe('375 px', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('mobile menu open - no serious or critical axe violation', async ({ page }) => {
    await page.goto('/');
    const chrome = new SiteChrome(page);
    const menu = await chrome.mobileMenu();
    await chrome.menuButton.click();
    await expect(menu).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/mobile-menu-phone-375.png` });
  });
});
