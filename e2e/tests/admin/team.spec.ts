// The Team screen against the real server: an admin invites a rep, the rep opens the link in a browser of their
// own, chooses a password and captures a lead; the admin deactivates them and the rep's browser is signed out at
// its next request. An admin signs another device out from a member's Devices, and every user sees their own.
// Each screen is checked with axe and pictured at 375 px and 1280 px.
import { expect, type Browser, type Page } from '@playwright/test';
import { CapturePage } from '../../pages/admin/capture-page';
import { DevicesPage } from '../../pages/admin/devices-page';
import { TeamPage } from '../../pages/admin/team-page';
import { SetPasswordPage } from '../../pages/set-password-page';
import { addUser } from '../../support/cli';
import { closeCaptureDb, leadsAtEvent } from '../capture/support/capture-db';
import { signIn, test, uniqueTag } from './support/admin-test';
import { checkScreen } from './support/screens';

test.afterAll(closeCaptureDb);
// Two browsers, a capture and several axe runs each: on a busy 2-core machine that is more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** A browser of the rep's own: no cookies, nothing cached from the admin's. */
async function freshBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'block' });
  return context.newPage();
}

/** Where the signed-out flow lands: the Unauthorized toast, /api/login, then the sign-in page. */
const signInPage = (url: URL) => url.pathname === '/login';

test('invite a rep - they choose a password through the link, capture a lead; deactivated, their browser is signed out at its next request', async ({ page, browser }) => {
  const team = new TeamPage(page);
  const name = `Rita ${uniqueTag('Rep')}`;
  const email = `${uniqueTag('invited')}@example.com`;

  await team.goto();
  await team.invite.click();
  await team.inviteField('Name').fill(name);
  await team.inviteField('Email').fill(email);
  await team.inviteField('Role').selectOption('rep');
  await team.inviteDialog.getByRole('button', { name: 'Create invite link' }).click();
  await expect(team.linkDialog).toHaveAccessibleName(`Invite link for ${name}`);
  const url = new URL(await team.link.inputValue());
  expect(url.pathname).toBe('/set-password');
  await checkScreen(page, 'team-invite-link', async () => expect(team.link).toBeVisible(), { fullPage: false });
  await team.linkDialog.getByRole('button', { name: 'Done' }).click();
  await expect(team.member(name).getByText('Invited', { exact: true })).toBeVisible();

  // The rep, in a browser of their own.
  const repPage = await freshBrowser(browser);
  const setPassword = new SetPasswordPage(repPage);
  await repPage.goto(url.pathname + url.search);
  await expect(setPassword.heading()).toHaveText(`Welcome, ${name}`);
  await expect(setPassword.email()).toHaveValue(email);
  await checkScreen(repPage, 'set-password', async () => expect(setPassword.submit()).toBeVisible());
  await setPassword.password().fill('short');
  await setPassword.submit().click();
  await expect(setPassword.password()).toHaveAccessibleDescription('Password must be at least 10 characters');
  await setPassword.password().fill('a rep passphrase of mine');
  await setPassword.submit().click();
  await repPage.waitForURL((u) => u.pathname === '/admin/capture');

  const capture = new CapturePage(repPage);
  const event = `Team Expo ${uniqueTag('')}`;
  await capture.eventName.fill(event);
  await capture.startCapturing.click();
  await capture.firstName.fill('Carl');
  await capture.lastName.fill('Captured');
  await capture.email.fill(`${uniqueTag('carl')}@example.com`);
  await capture.save.click();
  await expect.poll(async () => (await leadsAtEvent(event)).map((l) => l.captured_by_email)).toEqual([email]);

  // The admin sees them active, then deactivates them.
  await page.reload();
  const card = team.member(name);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('1 signed in')).toBeVisible();
  await team.memberButton(name, 'Deactivate').click();
  await expect(team.confirmDialog).toHaveAccessibleName(`Deactivate ${name}?`);
  await team.confirmDialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(card.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(card.getByText('None signed in')).toBeVisible();

  // The rep's next request (opening Your Devices in the app) is refused: the signed-out flow takes them to sign in.
  await repPage.getByRole('button', { name: 'Account' }).click();
  await repPage.getByRole('menuitem', { name: 'Your Devices' }).click();
  await repPage.waitForURL(signInPage);
  // The lead they captured keeps them as its author.
  expect((await leadsAtEvent(event)).map((l) => l.captured_by_email)).toEqual([email]);

  // The audit log has it all: filtered to deactivations, the newest is this one, by the admin.
  await team.auditTab.click();
  await team.auditAction.selectOption({ label: 'Deactivated' });
  await expect(team.auditEntries.first()).toContainText(`Deactivated${name} (${email})`);
  await expect(team.auditEntries.first()).toContainText('1 session ended');
  await team.auditAction.selectOption({ label: 'All actions' });
  await checkScreen(page, 'team-audit-log', async () => expect(team.auditEntries.first()).toBeVisible());
  await repPage.context().close();
});

test("an admin signs a rep's device out from Devices - that browser is signed out at its next request; Your Devices lists one's own", async ({ page, browser }) => {
  const rep = { email: `${uniqueTag('device-rep')}@example.com`, password: 'e2e-rep-password', name: `Dana ${uniqueTag('Device')}` };
  addUser(rep.email, rep.password, 'rep', rep.name);
  const repPage = await freshBrowser(browser);
  await signIn(repPage.request, rep);
  const repDevices = new DevicesPage(repPage);
  await repDevices.goto();
  await expect(repDevices.devices).toHaveCount(1);
  await expect(repDevices.devices.first()).toContainText('This device');
  await expect(repDevices.devices.first().getByRole('button', { name: 'Sign out this device' })).toBeVisible();
  await checkScreen(repPage, 'your-devices', async () => expect(repDevices.devices.first()).toBeVisible());

  const team = new TeamPage(page);
  await team.goto();
  await checkScreen(page, 'team-staff', async () => expect(team.member(rep.name)).toBeVisible());
  await team.memberButton(rep.name, 'Devices').click();
  const device = team.devicesDialog.getByRole('list', { name: 'Devices' }).locator(':scope > li');
  await expect(device).toHaveCount(1);
  // Playwright's desktop Chrome says it runs on Windows.
  await expect(device).toContainText(/Chrome \d+ on WindowsComputer/);
  await checkScreen(page, 'team-member-devices', async () => expect(device).toBeVisible(), { fullPage: false });
  await device.getByRole('button', { name: /^Sign out / }).click();
  await expect(team.devicesDialog.getByText('Not signed in on any device')).toBeVisible();
  await team.devicesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(team.member(rep.name).getByText('None signed in')).toBeVisible();

  // The rep's browser, at its next request (reading its devices again), is signed out.
  await repPage.reload();
  await repPage.waitForURL(signInPage);
  await repPage.context().close();
});
