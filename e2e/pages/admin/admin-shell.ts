// The admin frame every screen shares: heading, navigation, account menu, signed-in user, sign out, and the toast.
import type { Locator, Page } from '@playwright/test';

export class AdminShell {
  readonly heading: Locator;
  readonly nav: Locator;
  readonly signOut: Locator;
  /** The toast in front: sonner keeps a replaced toast in the page (faded out) until its 5 s are up. */
  readonly toast: Locator;
  readonly toastTitle: Locator;
  readonly toastDescription: Locator;
  readonly notAdminNotice: Locator;
  /** The button that opens the list of keyboard shortcuts, and that list. */
  readonly shortcutsButton: Locator;
  readonly shortcutsDialog: Locator;
  /** The account menu's button (Notifications, Team, Privacy, Your Devices) and, once open, its items. */
  readonly accountMenu: Locator;
  readonly notificationsDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.nav = page.getByRole('navigation', { name: 'Admin' });
    this.signOut = page.getByRole('link', { name: 'Sign out' }).first();
    this.toast = page.locator('[data-sonner-toast][data-visible="true"]');
    this.toastTitle = this.toast.locator('[data-title]');
    this.toastDescription = this.toast.locator('[data-description]');
    this.notAdminNotice = page.getByRole('heading', { name: 'This area is for admins' });
    this.shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts' });
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.accountMenu = page.getByRole('button', { name: 'Account' });
    this.notificationsDialog = page.getByRole('dialog', { name: 'Notifications' });
  }

  accountMenuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }
}
