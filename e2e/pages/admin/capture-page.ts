// /admin/capture: the event, the capture form, the counts, the list, and the sign-out warning.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class CapturePage extends AdminShell {
  readonly eventName: Locator;
  readonly startCapturing: Locator;
  readonly changeEvent: Locator;
  readonly form: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly company: Locator;
  readonly phone: Locator;
  readonly industry: Locator;
  readonly volume: Locator;
  readonly notes: Locator;
  readonly save: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly sendNow: Locator;
  readonly exportCsv: Locator;
  readonly offlineNote: Locator;
  readonly signOutDialog: Locator;
  readonly scan: Locator;
  readonly scanDialog: Locator;
  readonly scanNote: Locator;
  readonly scanProblem: Locator;
  readonly moreDetails: Locator;
  readonly glance: Locator;
  /** "Saved … Ready for the next person.": shown at the top of the screen for a few seconds after each Save. */
  readonly saved: Locator;

  constructor(page: Page) {
    super(page);
    this.eventName = page.getByLabel('Event name');
    this.startCapturing = page.getByRole('button', { name: 'Start capturing' });
    this.changeEvent = page.getByRole('button', { name: 'Change event' });
    this.form = page.getByRole('form', { name: 'Capture a person' });
    this.firstName = this.form.getByLabel('First name');
    this.lastName = this.form.getByLabel('Last name');
    this.email = this.form.getByLabel('Email');
    this.company = this.form.getByLabel('Company');
    this.phone = this.form.getByLabel('Phone');
    this.industry = this.form.getByLabel('Industry');
    this.volume = this.form.getByLabel('Monthly volume');
    this.notes = this.form.getByLabel('Notes');
    this.save = this.form.getByRole('button', { name: 'Save' });
    this.list = page.getByRole('list', { name: 'Captures' });
    this.items = this.list.getByRole('listitem');
    this.sendNow = page.getByRole('button', { name: 'Send now' });
    this.exportCsv = page.getByRole('main').getByRole('button', { name: 'Export CSV' });
    this.offlineNote = page.getByText('Offline.', { exact: true });
    this.signOutDialog = page.getByRole('dialog', { name: 'Captures not sent yet' });
    this.scan = this.form.getByRole('button', { name: 'Scan badge' });
    this.scanDialog = page.getByRole('dialog', { name: 'Scan a badge' });
    this.scanNote = this.form.getByTestId('scan-note');
    this.scanProblem = this.form.getByRole('alert');
    // The disclosure's summary: phone, industry, volume and notes open on demand.
    this.moreDetails = this.form.locator('summary', { hasText: 'More details' });
    this.glance = page.getByTestId('capture-glance');
    this.saved = page.getByTestId('capture-saved');
  }

  goto() {
    return this.page.goto('/admin/capture');
  }

  /** The number shown under "Captured", "Waiting", "Sent". */
  count(label: 'captured' | 'waiting' | 'sent'): Locator {
    return this.page.getByTestId(`count-${label}`);
  }

  item(email: string): Locator {
    return this.items.filter({ hasText: email });
  }

  /** Opens "More details" (phone, industry, volume, notes) unless it is open. */
  async openDetails(): Promise<void> {
    if (!(await this.phone.isVisible())) await this.moreDetails.click();
  }

  itemsIn(state: 'waiting' | 'sent' | 'needs-attention'): Locator {
    return this.list.locator(`li[data-state="${state}"]`);
  }
}
