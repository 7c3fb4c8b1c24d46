// Locators for the free sample request form on /print/samples and its Thank You modal.
import type { Page } from '@playwright/test';

/** What the form requires, as a person would enter it. */
export interface RequiredSampleValues {
  firstName: string;
  lastName: string;
  email: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  sampleType: 'postcards' | 'letters' | 'both';
}

export class SampleFormPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Free sample request' });
  }
  /** A field by its label, whether or not the label carries the required-field asterisk. */
  field(label: string) {
    return this.form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  }
  /** Fills every required field, in the form's order. */
  async fillRequired(v: RequiredSampleValues) {
    await this.field('First Name').fill(v.firstName);
    await this.field('Last Name').fill(v.lastName);
    await this.field('Email Address').fill(v.email);
    await this.field('Address Line 1').fill(v.addressLine1);
    await this.field('City').fill(v.city);
    await this.field('State').selectOption(v.state);
    await this.field('ZIP Code').fill(v.zip);
    await this.field('Sample Type').selectOption(v.sampleType);
  }
  get submit() {
    return this.form.getByRole('button', { name: /^(Request Free Samples|Submitting\.\.\.)$/ });
  }
  get thankYouDialog() {
    return this.page.getByRole('dialog', { name: 'Thank You!' });
  }
}
