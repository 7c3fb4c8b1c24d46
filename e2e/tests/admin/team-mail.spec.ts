// An invite sent by e-mail, on a server of the test's own whose mail goes to a local SMTP server
// (api/src/testing/fake-smtp.ts): the admin invites, the Team screen says where the link was e-mailed and still
// shows it to copy, the message arrives, and its link, opened in a browser of the invited person's own, sets a
// password and signs them in. The link dialog is checked with axe and pictured at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { TeamPage } from '../../pages/admin/team-page';
import { SetPasswordPage } from '../../pages/set-password-page';
import { useMailServer } from '../../support/mail-server';
import { checkScreen } from './support/screens';

const ADMIN = { email: 'mona.mailer@example.com', password: 'e2e-team-mail-admin' };

const own = useMailServer({ ...ADMIN, role: 'admin', name: 'Mona Mailer' });

test.describe.configure({ timeout: 90_000 });

test('invite by e-mail - the screen names the address, the link arrives in the inbox and, opened elsewhere, sets a password and signs in', async ({ browser }) => {
  const admin = await own.newContext(browser);
  expect((await admin.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const page = await admin.newPage();
  const team = new TeamPage(page);
  const email = 'ivan.invited@example.com';

  await team.goto();
  await team.invite.click();
  await team.inviteField('Name').fill('Ivan Invited');
  await team.inviteField('Email').fill(email);
  await team.inviteField('Role').selectOption('rep');
  await team.inviteDialog.getByRole('button', { name: 'Create invite link' }).click();
  await expect(team.linkDialog).toHaveAccessibleName('Invite link for Ivan Invited');
  await expect(team.linkDialog.getByText(`The link was e-mailed to ${email}. It works once, until `)).toBeVisible();
  const shown = await team.link.inputValue();
  await checkScreen(page, 'team-invite-mailed', async () => expect(team.link).toBeVisible(), { fullPage: false });

  const mail = (await own.smtp.waitFor(1, 30_000))[0]!;
  expect(mail.rcptTo).toEqual([email]);
  const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.parsed.text ?? '')![0]);
  // The same link as the one shown to copy (made for SITE_URL in the mail, for the admin's own address on screen).
  expect(link.search).toBe(new URL(shown).search);

  const invited = await own.newContext(browser, { storageState: { cookies: [], origins: [] } });
  const invitedPage = await invited.newPage();
  const setPassword = new SetPasswordPage(invitedPage);
  await invitedPage.goto(link.pathname + link.search);
  await expect(setPassword.heading()).toHaveText('Welcome, Ivan Invited');
  await setPassword.password().fill('ivan chose this passphrase');
  await setPassword.submit().click();
  await invitedPage.waitForURL((url) => url.pathname === '/admin/capture');
  expect(await (await invitedPage.request.get('/api/auth/user')).json()).toMatchObject({ email, role: 'rep' });
});
