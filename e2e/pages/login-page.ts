// Page object for /login: locators only, no assertions (conventions: e2e/pages).
import type { Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Staff sign in' });
  readonly email = () => this.page.getByLabel('Email');
  readonly password = () => this.page.getByLabel('Password');
  readonly submit = () => this.page.getByRole('button', { name: 'Sign in' });
  readonly alert = () => this.page.getByRole('alert');

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}
