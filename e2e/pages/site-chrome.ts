// Locators for the shared header, mobile menu and footer. No assertions here (conventions: page objects).
import type { Page } from '@playwright/test';
import { HYDRATED_SELECTOR } from '../../web/src/lib/hydration-mark';

export class SiteChrome {
  constructor(readonly page: Page) {}

  get header() {
    return this.page.getByRole('banner');
  }
  get mainNav() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }
  get footer() {
    return this.page.getByRole('contentinfo');
  }
  /** The phone menu's toggle: the summary of a native disclosure, so it works before and without script. */
  get menuButton() {
    return this.mainNav.locator('summary', { hasText: 'Menu' });
  }
  /** The disclosure itself: `open` while the menu shows. */
  get menuDisclosure() {
    return this.mainNav.locator('details');
  }
  /** Resolves once the prerendered page is interactive: a click before hydration would do nothing. */
  async ready() {
    await this.page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  }
  /** The menu the toggle controls, found through its aria-controls, once the page is interactive. */
  async mobileMenu() {
    await this.ready();
    const id = await this.menuButton.getAttribute('aria-controls');
    return this.page.locator(`[id="${id}"]`);
  }
  navLink(name: string) {
    return this.mainNav.getByRole('link', { name, exact: true }).filter({ visible: true });
  }
  loginLink() {
    return this.mainNav.getByRole('link', { name: /^Login/ }).filter({ visible: true });
  }
  getDemoButton() {
    return this.mainNav.getByRole('button', { name: 'Get Demo' }).filter({ visible: true });
  }
  footerLink(name: string | RegExp) {
    return this.footer.getByRole('link', { name });
  }
}
