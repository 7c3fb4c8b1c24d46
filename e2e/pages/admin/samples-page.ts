// /admin/samples: the Sample Templates and Sample Requests tabs, the template dialog, the cards.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class SamplesPage extends AdminShell {
  readonly templatesTab: Locator;
  readonly requestsTab: Locator;
  readonly addTemplate: Locator;
  readonly dialog: Locator;
  readonly nameField: Locator;
  readonly typeField: Locator;
  readonly frontUrlField: Locator;
  readonly backUrlField: Locator;
  readonly descriptionField: Locator;
  readonly activeSwitch: Locator;
  readonly totalRequests: Locator;

  constructor(page: Page) {
    super(page);
    this.templatesTab = page.getByRole('tab', { name: 'Sample Templates' });
    this.requestsTab = page.getByRole('tab', { name: 'Sample Requests' });
    this.addTemplate = page.getByRole('button', { name: 'Add Template' });
    this.dialog = page.getByRole('dialog');
    this.nameField = this.dialog.getByLabel('Template Name');
    this.typeField = this.dialog.getByLabel('Type');
    this.frontUrlField = this.dialog.getByLabel('Front Image URL');
    this.backUrlField = this.dialog.getByLabel('Back Image URL');
    this.descriptionField = this.dialog.getByLabel('Description');
    this.activeSwitch = this.dialog.getByRole('switch', { name: 'Active' });
    this.totalRequests = page.getByText(/^\d+ Total Requests$/);
  }

  goto() {
    return this.page.goto('/admin/samples');
  }

  submit(label: 'Create Template' | 'Save Changes'): Locator {
    return this.dialog.getByRole('button', { name: label });
  }

  template(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  editTemplate(name: string): Locator {
    return this.template(name).getByRole('button', { name: `Edit ${name}` });
  }

  deleteTemplate(name: string): Locator {
    return this.template(name).getByRole('button', { name: `Delete ${name}` });
  }

  /** A request card, named by the requester's full name. */
  request(fullName: string): Locator {
    return this.page.getByRole('article', { name: fullName, exact: true });
  }

  processedToggle(fullName: string): Locator {
    return this.request(fullName).getByRole('button', { name: /^(Pending|Processed) \(mark as/ });
  }
}
