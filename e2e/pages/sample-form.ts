// Locators for the free sample request form on /print/samples and its Thank You modal.
import type { Page } from '@playwright/test';

export class SampleFormPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Free sample request' });
  }
  /** A field by its label, whether or not the label carries the required-field asterisk. */
  field(label: string) {
    return this.form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  }
  get submit() {
    return this.form.getByRole('button', { name: /^(Request Free Samples|Submitting\.\.\.)$/ });
  }
  get thankYouDialog() {
    return this.page.getByRole('dialog', { name: 'Thank You!' });
  }
}
