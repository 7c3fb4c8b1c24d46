// /admin/team: the Staff and Audit Log tabs, a staff member's card and its buttons, and the dialogs.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class TeamPage extends AdminShell {
  readonly staffTab: Locator;
  readonly auditTab: Locator;
  readonly invite: Locator;
  readonly inviteDialog: Locator;
  readonly linkDialog: Locator;
  readonly link: Locator;
  readonly confirmDialog: Locator;
  readonly devicesDialog: Locator;
  readonly auditEntries: Locator;
  readonly auditAction: Locator;
  readonly auditWho: Locator;

  constructor(page: Page) {
    super(page);
    this.staffTab = page.getByRole('tab', { name: 'Staff' });
    this.auditTab = page.getByRole('tab', { name: 'Audit Log' });
    this.invite = page.getByRole('button', { name: 'Invite', exact: true });
    this.inviteDialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    this.linkDialog = page.getByRole('dialog', { name: /^(Invite|Password reset) link for / });
    this.link = this.linkDialog.getByLabel('One-time link');
    this.confirmDialog = page.getByRole('dialog', { name: /\?$/ });
    this.devicesDialog = page.getByRole('dialog', { name: /^Devices of / });
    this.auditEntries = page.getByRole('list', { name: 'Staff audit entries' }).locator(':scope > li');
    this.auditAction = page.getByLabel('Action');
    this.auditWho = page.getByLabel('Who');
  }

  goto() {
    return this.page.goto('/admin/team');
  }

  member(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** A card's button; its accessible name ends with the person's name. */
  memberButton(name: string, label: string): Locator {
    return this.member(name).getByRole('button', { name: new RegExp(`^${label}( of)? ${name}$`) });
  }

  inviteField(label: 'Name' | 'Email' | 'Role'): Locator {
    return this.inviteDialog.getByLabel(label);
  }
}
