// /admin/privacy: the person lookup with its results, the erase confirmation, the retention rule.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class PrivacyPage extends AdminShell {
  readonly emailField: Locator;
  readonly find: Locator;
  readonly exportButton: Locator;
  readonly eraseButton: Locator;
  readonly dialog: Locator;
  readonly confirmField: Locator;
  readonly confirmErase: Locator;
  readonly report: Locator;
  readonly nothingStored: Locator;
  readonly leads: Locator;
  readonly sampleRequests: Locator;
  readonly captures: Locator;

  constructor(page: Page) {
    super(page);
    const search = page.getByRole('search', { name: 'Find a person' });
    this.emailField = search.getByLabel('E-mail address');
    this.find = search.getByRole('button', { name: 'Find' });
    this.exportButton = page.getByRole('button', { name: 'Export (JSON)' });
    this.eraseButton = page.getByRole('button', { name: 'Erase everywhere…' });
    this.dialog = page.getByRole('dialog', { name: 'Erase this person everywhere?' });
    this.confirmField = this.dialog.getByLabel('Type the e-mail address to confirm');
    this.confirmErase = this.dialog.getByRole('button', { name: 'Erase everywhere' });
    this.report = page.getByRole('status').filter({ hasText: /^Erased / });
    this.nothingStored = page.getByText('Nothing is stored for this address.');
    this.leads = page.getByRole('region', { name: 'Leads' }).getByRole('listitem');
    this.sampleRequests = page.getByRole('region', { name: 'Sample requests' }).getByRole('listitem');
    this.captures = page.getByRole('region', { name: 'Event captures' }).getByRole('listitem');
  }

  goto() {
    return this.page.goto('/admin/privacy');
  }

  async lookUp(email: string): Promise<void> {
    await this.emailField.fill(email);
    await this.find.click();
  }
}
