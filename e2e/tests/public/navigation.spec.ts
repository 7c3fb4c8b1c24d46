// The shared header and footer: every link's target, external links in a new tab with rel="noopener",
// Get Demo opening the lead modal, and the mobile menu at 375 px.
import { expect, test, type Locator } from '@playwright/test';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';
import { siteConfig, telHref } from '../../../web/src/lib/site-config';
import { SiteChrome } from '../../pages/site-chrome';
import { VIEWPORTS } from '../../pages/public-routes';

test.describe.configure({ mode: 'parallel' });

async function expectNewTab(link: Locator, href: string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
}

test.describe('header at 1280 px', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('navigation links - point at the landing sections, /print and the external login', async ({ page }) => {
    const chrome = new SiteChrome(page);
    await page.goto('/print/faq');
    await expect(chrome.navLink('Products')).toHaveAttribute('href', '/#products');
    await expect(chrome.navLink('Print API')).toHaveAttribute('href', '/print');
    await expect(chrome.navLink('Use Cases')).toHaveAttribute('href', '/#use-cases');
    await expect(chrome.navLink('About')).toHaveAttribute('href', '/#about');
    await expect(chrome.navLink('Contact')).toHaveAttribute('href', '/#contact');
    await expectNewTab(chrome.loginLink(), siteConfig.links.dashboardLogin);

    // A section link from another page lands on that section of the landing page.
    await chrome.navLink('Use Cases').click();
    await expect(page).toHaveURL(/\/#use-cases$/);
    await expect(page.locator('#use-cases')).toBeInViewport();

    await chrome.navLink('Print API').click();
    await expect(page).toHaveURL(/\/print$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('one API call');
  });

  test('Get Demo - opens the lead modal on every kind of page', async ({ page }) => {
    const chrome = new SiteChrome(page);
    for (const path of ['/', '/print/pricing', '/mortgage']) {
      await page.goto(path);
      await chrome.ready();
      await chrome.getDemoButton().click();
      // The dialog element itself is a zero-size wrapper around its fixed panel: check what it shows.
      const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
      await expect(dialog.getByRole('heading', { name: 'Request a Demo' })).toBeVisible();
      await expect(dialog.getByLabel('First Name')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
});

test('footer - every link goes where the spec says, external ones in a new tab', async ({ page, request }) => {
  const chrome = new SiteChrome(page);
  await page.goto('/print');
  const internal: [string, string][] = [
    ['Home', '/'],
    ['Print API', '/print'],
    ['Postcard API', '/print/postcards'],
    ['Letter API', '/print/letters'],
    ['Free Samples', '/print/samples'],
    ['API Documentation', '/print/docs'],
    ['FAQ', '/print/faq'],
    ['Pricing', '/print/pricing'],
  ];
  for (const [name, href] of internal) {
    await expect(chrome.footerLink(name)).toHaveAttribute('href', href);
    expect((await request.get(href)).status(), `${href} answers`).toBe(200);
  }
  await expectNewTab(chrome.footerLink(/^Schedule a Demo/), siteConfig.links.demoScheduling);
  await expect(chrome.footerLink('Privacy Policy')).toHaveAttribute('href', '#');
  await expect(chrome.footerLink('Terms of Service')).toHaveAttribute('href', '#');
  await expect(chrome.footerLink('Contact')).toHaveAttribute('href', '/#contact');
  await expect(chrome.footerLink(siteConfig.supportPhone)).toHaveAttribute('href', telHref(siteConfig.supportPhone));
  await expect(chrome.footerLink(siteConfig.supportEmail)).toHaveAttribute('href', `mailto:${siteConfig.supportEmail}`);

  // Client-side navigation from the bottom of a page opens the next page at its top.
  await chrome.footerLink('FAQ').click();
  await expect(page).toHaveURL(/\/print\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInViewport();
  await expect(page.getByRole('main')).toBeFocused();
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('menu button - toggles the menu open and closed, and Escape closes it', async ({ page }) => {
    const chrome = new SiteChrome(page);
    await page.goto('/');
    const menu = await chrome.mobileMenu();
    await expect(chrome.menuDisclosure).not.toHaveAttribute('open');
    await expect(menu).toBeHidden();
    await expect(chrome.getDemoButton()).toHaveCount(0);

    await chrome.menuButton.click();
    await expect(chrome.menuDisclosure).toHaveAttribute('open');
    await expect(menu).toBeVisible();
    for (const name of ['Products', 'Print API', 'Use Cases', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectNewTab(menu.getByRole('link', { name: /^Login/ }), siteConfig.links.dashboardLogin);

    await chrome.menuButton.click();
    await expect(chrome.menuDisclosure).not.toHaveAttribute('open');
    await expect(menu).toBeHidden();

    // The disclosure opens and closes without script; Escape is the script's, so it needs the hydrated page.
    await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
    await chrome.menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(chrome.menuButton).toBeFocused();
  });

  test('section link - jumps to the section and closes the menu', async ({ page }) => {
    const chrome = new SiteChrome(page);
    await page.goto('/');
    const menu = await chrome.mobileMenu();
    await chrome.menuButton.click();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(chrome.menuDisclosure).not.toHaveAttribute('open');
    await expect(page).toHaveURL(/#about$/);
    await expect(page.locator('#about')).toBeInViewport();
  });

  test('Get Demo in the menu - closes the menu and opens the lead modal', async ({ page }) => {
    const chrome = new SiteChrome(page);
    await page.goto('/print');
    const menu = await chrome.mobileMenu();
    await chrome.menuButton.click();
    await menu.getByRole('button', { name: 'Get Demo' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a Demo' }).getByLabel('First Name')).toBeVisible();
    // The page behind a modal is inert, so the menu is checked once the modal has closed.
    await page.keyboard.press('Escape');
    await expect(chrome.menuDisclosure).not.toHaveAttribute('open');
    await expect(await chrome.mobileMenu()).toBeHidden();
  });
});
