// /admin/pricing: the Products and Audit Log tabs, the product dialog, the cards and audit entries.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class PricingPage extends AdminShell {
  readonly productsTab: Locator;
  readonly auditTab: Locator;
  readonly addProduct: Locator;
  readonly dialog: Locator;
  readonly nameField: Locator;
  readonly categoryField: Locator;
  readonly priceField: Locator;
  readonly sortOrderField: Locator;
  readonly descriptionField: Locator;
  readonly featuresField: Locator;
  readonly visibleSwitch: Locator;
  readonly auditEntries: Locator;

  constructor(page: Page) {
    super(page);
    this.productsTab = page.getByRole('tab', { name: 'Products' });
    this.auditTab = page.getByRole('tab', { name: 'Audit Log' });
    this.addProduct = page.getByRole('button', { name: 'Add Product' });
    this.dialog = page.getByRole('dialog');
    this.nameField = this.dialog.getByLabel('Product Name');
    this.categoryField = this.dialog.getByLabel('Category');
    this.priceField = this.dialog.getByLabel('Starting Price ($)');
    this.sortOrderField = this.dialog.getByLabel('Sort Order');
    this.descriptionField = this.dialog.getByLabel('Description');
    this.featuresField = this.dialog.getByLabel('Features');
    this.visibleSwitch = this.dialog.getByRole('switch', { name: 'Visible' });
    this.auditEntries = page.getByRole('list', { name: 'Audit entries' }).locator(':scope > li');
  }

  goto() {
    return this.page.goto('/admin/pricing');
  }

  submit(label: 'Add Product' | 'Save Changes'): Locator {
    return this.dialog.getByRole('button', { name: label, exact: true });
  }

  product(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  editProduct(name: string): Locator {
    return this.product(name).getByRole('button', { name: `Edit ${name}` });
  }

  /** The eye button: its name says what pressing it will do. */
  eye(name: string, action: 'Hide' | 'Show'): Locator {
    return this.product(name).getByRole('button', { name: `${action} product ${name}` });
  }

  /** Audit entries about one product, newest first. */
  auditFor(productName: string): Locator {
    return this.auditEntries.filter({ hasText: productName });
  }
}
