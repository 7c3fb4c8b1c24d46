// Locators for the lead form, inline or in the modal. Scope it to the form's container.
import type { Locator, Page } from '@playwright/test';

export class LeadFormPage {
  constructor(readonly scope: Locator) {}

  static modal(page: Page) {
    return new LeadFormPage(page.getByRole('dialog'));
  }
  static inline(page: Page, formName = 'Demo request') {
    return new LeadFormPage(page.getByRole('form', { name: formName }));
  }

  get firstName() {
    return this.scope.getByLabel('First Name');
  }
  get lastName() {
    return this.scope.getByLabel('Last Name');
  }
  get email() {
    return this.scope.getByLabel('Email');
  }
  get company() {
    return this.scope.getByLabel('Company');
  }
  get phone() {
    return this.scope.getByLabel('Phone');
  }
  get industry() {
    return this.scope.getByLabel('Industry');
  }
  get volume() {
    return this.scope.getByLabel('Monthly Volume');
  }
  get message() {
    return this.scope.getByLabel('Message');
  }
  get submit() {
    return this.scope.getByRole('button', { name: /^(Send Request|Request Demo|Submitting\.\.\.)$/ });
  }
  get thankYou() {
    return this.scope.page().getByRole('heading', { name: 'Thank You!' });
  }
  get thankYouClose() {
    return this.scope.page().getByRole('button', { name: 'Close', exact: true });
  }
  error(text: string) {
    return this.scope.getByText(text, { exact: true });
  }
}
