// The phone menu without JavaScript: a native disclosure, so on a phone every section and Get Demo stay
// reachable before the page's script has run, when it never loads, or with script turned off.
import { expect, test } from '@playwright/test';
import { SiteChrome } from '../../pages/site-chrome';
import { VIEWPORTS } from '../../pages/public-routes';

test.use({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });

for (const path of ['/', '/print/samples', '/mortgage']) {
  test(`${path} at 375 px - the menu opens and closes without script, with every section, Login and Get Demo`, async ({ page }) => {
    await page.goto(path);
    const chrome = new SiteChrome(page);
    const menu = page.locator(`[id="${await chrome.menuButton.getAttribute('aria-controls')}"]`);
    await expect(menu).toBeHidden();
    await chrome.menuButton.click();
    await expect(chrome.menuDisclosure).toHaveAttribute('open');
    for (const name of ['Products', 'Print API', 'Use Cases', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: /^Login/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Demo' })).toHaveAttribute('href', '/#contact');
    await page.screenshot({ path: test.info().outputPath('menu-open.png') });
    await chrome.menuButton.click();
    await expect(menu).toBeHidden();
  });
}

test('Get Demo in the menu without script - lands on the landing page\'s lead form', async ({ page }) => {
  await page.goto('/mortgage');
  const chrome = new SiteChrome(page);
  await chrome.menuButton.click();
  await chrome.mainNav.getByRole('link', { name: 'Get Demo' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  // On a phone the contact section starts with the address; its lead form follows.
  await expect(page.locator('#contact')).toBeInViewport();
  await expect(page.locator('#contact').getByRole('form', { name: 'Demo request' })).toBeVisible();
});

test('a section link in the menu without script - jumps to the section', async ({ page }) => {
  await page.goto('/');
  const chrome = new SiteChrome(page);
  await chrome.menuButton.click();
  await chrome.mainNav.getByRole('link', { name: 'About', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/#about$/);
  await expect(page.locator('#about')).toBeInViewport();
});
