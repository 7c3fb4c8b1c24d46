// /set-password?token=…: an invited or reset person chooses their password.
import type { Page } from '@playwright/test';

export class SetPasswordPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly email = () => this.page.getByLabel('Email');
  readonly password = () => this.page.getByLabel(/^(Choose a password|New password)$/);
  readonly submit = () => this.page.getByRole('button', { name: /and sign in$/ });
  readonly alert = () => this.page.getByRole('alert');
}
