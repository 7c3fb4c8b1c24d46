// /admin/devices ("Your Devices") and the device lists the Team screen's dialog shows too.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class DevicesPage extends AdminShell {
  readonly devices: Locator;
  readonly signOutEverywhereElse: Locator;

  constructor(page: Page) {
    super(page);
    this.devices = page.getByRole('list', { name: 'Devices' }).locator(':scope > li');
    this.signOutEverywhereElse = page.getByRole('button', { name: 'Sign out everywhere else' });
  }

  goto() {
    return this.page.goto('/admin/devices');
  }
}
