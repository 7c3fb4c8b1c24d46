// Locators for the lead modal and the buttons that open it. No assertions here (page objects only find).
import type { Page } from '@playwright/test';

export class LeadModal {
  constructor(readonly page: Page) {}

  /** The open lead dialog, found by the title its trigger gave it. */
  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }
  /** Any open dialog, whatever its title. */
  get anyDialog() {
    return this.page.getByRole('dialog');
  }
  firstName(title: string) {
    return this.dialog(title).getByLabel('First Name');
  }
  close(title: string) {
    return this.dialog(title).getByRole('button', { name: 'Close dialog' });
  }
  /** The n-th button with this name in the page's own content (header and footer excluded). */
  contentTrigger(name: string, index: number) {
    return this.page.getByRole('main').getByRole('button', { name, exact: true }).nth(index);
  }
  contentTriggers(name: string) {
    return this.page.getByRole('main').getByRole('button', { name, exact: true });
  }
}
