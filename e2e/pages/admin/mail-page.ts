// /admin/mail: the transport and counts, the test e-mail, the visitor-confirmation switch, and the messages
// with their filter and Retry.
import type { Locator, Page } from '@playwright/test';
import { AdminShell } from './admin-shell';

export class MailPage extends AdminShell {
  readonly transport: Locator;
  readonly sendTest: Locator;
  readonly visitorConfirmation: Locator;
  readonly filter: Locator;
  readonly messages: Locator;

  constructor(page: Page) {
    super(page);
    this.transport = page.getByTestId('mail-transport');
    this.sendTest = page.getByRole('button', { name: 'Send a test e-mail' });
    this.visitorConfirmation = page.getByRole('switch', { name: 'Confirmation to visitors' });
    this.filter = page.getByRole('group', { name: 'Show messages' });
    this.messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  }

  goto() {
    return this.page.goto('/admin/mail');
  }

  count(label: 'queued' | 'sent' | 'failed'): Locator {
    return this.page.getByTestId(`mail-count-${label}`);
  }

  show(filter: 'All' | 'Queued' | 'Sent' | 'Failed'): Locator {
    return this.filter.getByRole('button', { name: filter, exact: true });
  }

  /** The message whose subject is `subject`. */
  message(subject: string | RegExp): Locator {
    return this.messages.filter({ has: this.page.getByText(subject) });
  }

  /** Where a message stands, as its badge says it (Queued, Sent, Failed…). */
  state(message: Locator): Locator {
    return message.locator('[data-mail-state]');
  }

  retry(message: Locator): Locator {
    return message.getByRole('button', { name: /^Retry / });
  }
}
