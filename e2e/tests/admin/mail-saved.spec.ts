// The Mail screen with no SMTP server set (the shared e2e server, as `npm start` runs by default): it says mail is
// saved on this server, not sent, and a test e-mail is listed as saved rather than sent.
import { MailPage } from '../../pages/admin/mail-page';
import { expect, test } from './support/admin-test';

test('no SMTP_URL - "Saved on this server, not sent", and the test e-mail is listed as saved', async ({ page, adminAccount }) => {
  const mail = new MailPage(page);
  await mail.goto();
  await expect(mail.transport).toHaveText('Saved on this server, not sent');
  await mail.sendTest.click();
  await expect(mail.toastTitle).toHaveText('Test e-mail queued');
  await mail.show('Sent').click();
  const row = mail.messages.filter({ hasText: adminAccount.email }).filter({ hasText: /^Test e-mail/ }).first();
  // The screen looks again while the message is queued.
  await expect(mail.state(row)).toHaveText('Saved, not sent', { timeout: 20_000 });
  await expect(row.getByRole('term')).toContainText(['To', 'Attempts', 'Created', 'Saved']);
});
