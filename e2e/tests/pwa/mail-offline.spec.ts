// The Mail screen offline, as every admin screen: its last answers show, marked offline, and what would change
// something (the test e-mail, the visitor confirmation) is paused with the reason.
import { expect, test } from '@playwright/test';
import { MailPage } from '../../pages/admin/mail-page';
import { addUser } from '../../support/cli';
import { uniqueEmail } from '../public/support/unique';
import { waitForServiceWorker } from './support/pwa';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_REASON = "You're offline: changes can't be saved until the connection is back.";

test('Mail offline - the last list shown and marked, Send a test e-mail and the switch paused with the reason', async ({ page, context }) => {
  const email = uniqueEmail('mail-offline');
  addUser(email, 'offline-mail-pass', 'admin', 'Offline Mailer');
  await page.request.post('/api/auth/login', { data: { email, password: 'offline-mail-pass' } });
  expect((await page.request.post('/api/admin/mail/test')).status()).toBe(202);

  const mail = new MailPage(page);
  await mail.goto();
  await waitForServiceWorker(page);
  await page.reload(); // this visit's reads pass through the worker and are kept
  const mine = mail.messages.filter({ hasText: email });
  await expect(mine.first()).toBeVisible();
  await expect(mail.visitorConfirmation).toBeEnabled();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing data from/);
  await expect(mine.first()).toBeVisible();
  await expect(mail.sendTest).toBeDisabled();
  await expect(mail.sendTest).toHaveAccessibleDescription(OFFLINE_REASON);
  await expect(mail.visitorConfirmation).toBeDisabled();
  await expect(mail.visitorConfirmation).toHaveAttribute('title', OFFLINE_REASON);

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(mail.sendTest).toBeEnabled();
});
