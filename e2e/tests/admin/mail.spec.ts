// Mail as an admin meets it (issue #29), on a server of the test's own whose mail goes to a local SMTP server
// (api/src/testing/fake-smtp.ts): the Mail screen shows a message refused with 550 as failed with the server's
// reply and Retry sends it; "Send a test e-mail" reaches the admin; a lead's alert arrives and its link opens that
// lead, signed in or after signing in; the e-mail column of the notification settings is saved. The screens are
// checked with axe and pictured at 375 and 1280 px, and the alert and digest are pictured as a mail client shows
// their HTML, at 600 and 375 px.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ReceivedMail } from '../../../api/src/testing/fake-smtp';
import type { Lead } from '../../../api/src/contract/entities';
import type { NotificationPreferences } from '../../../api/src/contract/notifications';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { MailPage } from '../../pages/admin/mail-page';
import { LoginPage } from '../../pages/login-page';
import { useMailServer } from '../../support/mail-server';
import { createLead } from './support/api-data';
import { checkScreen } from './support/screens';

const ADMIN = { email: 'maud.mail@example.com', password: 'e2e-mail-screen-admin' };

// A digest window of 15 s instead of the minute (MAIL_DIGEST_WINDOW_MS): the digest test waits for it to end.
const own = useMailServer({ ...ADMIN, role: 'admin', name: 'Maud Mail' }, { MAIL_DIGEST_WINDOW_MS: '15000' });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function adminPage(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await own.newContext(browser);
  expect((await context.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  return context.newPage();
}

/** A visitor's lead, posted to the public API as the form posts it. */
async function visitorLead(request: APIRequestContext, firstName: string, company: string): Promise<Lead> {
  return createLead(request, { firstName, lastName: 'Visitor', company, email: `${firstName.toLowerCase()}@example.com`, industry: 'automotive', volume: '1000-5000', message: 'Postcards for our spring service campaign, please.' });
}

/** The first message the fake received whose subject matches. */
async function received(subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = own.smtp.inbox.find((m) => subject.test(m.parsed.subject ?? ''))), { timeout: timeoutMs, message: `a message titled ${subject}` })
    .toBeTruthy();
  return found!;
}

test('a message refused with 550 - shown failed with the server\'s reply; Retry sends it once the server accepts', async ({ browser }) => {
  const page = await adminPage(browser);
  const mail = new MailPage(page);
  own.smtp.fail('permanent');
  const lead = await visitorLead(page.request, 'Rita', 'Refused Co');
  const subject = `New lead: Rita Visitor, Refused Co`;

  await mail.goto();
  await expect(mail.heading).toHaveText('Mail');
  await expect(mail.transport).toHaveText(`SMTP via 127.0.0.1`);
  const row = mail.message(subject);
  // The screen looks again while something is queued: the refusal shows without a reload.
  await expect(mail.state(row)).toHaveText('Failed', { timeout: 30_000 });
  await expect(row).toContainText('5.1.1 No such mailbox here');
  await expect(row).toContainText(ADMIN.email);
  await mail.show('Failed').click();
  await expect(mail.show('Failed')).toHaveAttribute('aria-pressed', 'true');
  await expect(mail.messages).toHaveCount(1);
  await expect(mail.count('failed')).toHaveText('1');
  await checkScreen(page, 'mail-screen-failed', () => expect(mail.retry(row)).toBeVisible());
  expect(own.smtp.inbox.filter((m) => m.parsed.subject === subject)).toHaveLength(0);

  // The fake now accepts (its one fault is spent): Retry, and the message arrives.
  await mail.retry(row).click();
  await expect(mail.toastTitle).toHaveText('Queued to be sent again');
  const arrived = await received(new RegExp(`^${subject}$`));
  expect(arrived.rcptTo).toEqual([ADMIN.email]);
  expect(arrived.parsed.text).toContain(`/admin?lead=${lead.id}`);
  await mail.show('All').click();
  await expect(mail.state(mail.message(subject))).toHaveText('Sent', { timeout: 30_000 });
  await expect(mail.count('failed')).toHaveText('0');
});

test('Send a test e-mail - it arrives, addressed to the signed-in admin; the screen passes axe at 375 and 1280 px', async ({ browser }) => {
  const page = await adminPage(browser);
  const mail = new MailPage(page);
  await mail.goto();
  await mail.sendTest.click();
  await expect(mail.toastTitle).toHaveText('Test e-mail queued');
  const testMail = await received(/^Test e-mail from /);
  expect(testMail.rcptTo).toEqual([ADMIN.email]);
  expect(testMail.header('To')).toContain(ADMIN.email);
  await expect(mail.state(mail.message(/^Test e-mail from /))).toHaveText('Sent', { timeout: 30_000 });

  // The visitor confirmation is off until an admin turns it on.
  await expect(mail.visitorConfirmation).not.toBeChecked();
  await expect(mail.visitorConfirmation).toHaveAccessibleDescription(/at most one per address a day, never for suspected spam/);
  await checkScreen(page, 'mail-screen', () => expect(mail.message(/^Test e-mail from /)).toBeVisible());
  await mail.visitorConfirmation.click();
  await expect(mail.toastTitle).toHaveText('Visitors now get a confirmation');
  expect(await (await page.request.get('/api/admin/mail/settings')).json()).toEqual({ visitorConfirmation: true });
  await page.reload();
  await expect(mail.visitorConfirmation).toBeChecked();
  await mail.visitorConfirmation.click();
  await expect(mail.toastTitle).toHaveText('Visitors no longer get a confirmation');
});

test('a lead\'s alert - its link opens that lead in a signed-in admin, and after signing in when signed out', async ({ browser }) => {
  const page = await adminPage(browser);
  const lead = await visitorLead(page.request, 'Lina', 'Linked Co');
  const alert = await received(/^New lead: Lina Visitor, Linked Co$/);
  expect(alert.rcptTo).toEqual([ADMIN.email]);
  expect(alert.header('Reply-To')).toContain(lead.email);
  const link = new URL(/https?:\/\/\S+\/admin\?lead=\d+/.exec(alert.parsed.text ?? '')![0]);
  expect(link.searchParams.get('lead')).toBe(String(lead.id));
  // The HTML part's button goes to the same place.
  expect(alert.parsed.html || '').toContain(`/admin?lead=${lead.id}"`);

  const dashboard = new DashboardPage(page);
  await page.goto(link.pathname + link.search);
  const details = page.getByRole('dialog', { name: 'Lead details' });
  await expect(details).toContainText(lead.email);
  await expect(details).toContainText('Linked Co');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${own.server.url}/admin`);
  await expect(dashboard.heading).toHaveText('Lead Dashboard');

  // Signed out: the sign-in page, then straight back to the lead.
  const outside = await own.newContext(browser, { storageState: { cookies: [], origins: [] } });
  const away = await outside.newPage();
  await away.goto(link.pathname + link.search);
  await away.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/admin?lead=${lead.id}`);
  await new LoginPage(away).signIn(ADMIN.email, ADMIN.password);
  await away.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('lead') === String(lead.id));
  await expect(away.getByRole('dialog', { name: 'Lead details' })).toContainText(lead.email);
});

test('an alert and a digest as a mail client shows them - pictured at 600 and 375 px', async ({ browser }) => {
  // More than five alerts to one person within the window: the first ones one by one, the rest in one digest when
  // the window ends (15 s on this spec's server; a minute in the product).
  const page = await adminPage(browser);
  const names = ['Ada', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus'];
  for (const name of names) await visitorLead(page.request, name, `${name} Print Co`);
  const alert = await received(/^New lead: Ada Visitor, Ada Print Co$/);
  const digest = await received(/new alerts in the last minute$/, 90_000);
  expect(digest.rcptTo).toEqual([ADMIN.email]);
  for (const [name, message] of [
    ['alert', alert],
    ['digest', digest],
  ] as const) {
    const html = message.parsed.html;
    expect(html, `${name} has an HTML part`).toBeTruthy();
    // No remote resource: nothing is fetched when it is shown.
    expect(html).not.toMatch(/<img|src=|url\(/i);
    const client = await browser.newPage({ javaScriptEnabled: false });
    const fetched: string[] = [];
    client.on('request', (r) => {
      if (!r.url().startsWith('data:') && r.url() !== 'about:blank') fetched.push(r.url());
    });
    for (const width of [600, 375]) {
      await client.setViewportSize({ width, height: 800 });
      await client.setContent(html as string);
      expect(await client.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width} px`).toBeLessThanOrEqual(width);
      await client.screenshot({ path: `test-results/screenshots/mail-${name}-${width}.png`, fullPage: true });
    }
    expect(fetched).toEqual([]);
    await client.close();
  }
  // The plain-text part reads on its own: every lead listed with its link.
  for (const name of names.slice(-2)) expect(digest.parsed.text).toContain(`${name} Visitor, ${name} Print Co`);
});

test('the e-mail column - "New leads" by e-mail turned off is saved and survives a reload; the settings pass axe at 375 and 1280 px', async ({ browser }) => {
  const page = await adminPage(browser);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const dialog = dashboard.notificationsDialog;
  const byEmail = dialog.getByRole('checkbox', { name: 'New leads by e-mail' });
  const byBrowser = dialog.getByRole('checkbox', { name: 'New leads by browser notification' });
  const open = async () => {
    await dashboard.accountMenu.click();
    await dashboard.accountMenuItem('Notifications').click();
    await expect(byEmail).toBeVisible();
  };
  await open();
  await expect(byEmail).toBeChecked();
  await expect(byBrowser).toBeChecked();
  await expect(dialog.getByRole('columnheader')).toHaveText(['What', 'Browser', 'E-mail']);
  await expect(dialog.getByRole('rowheader')).toHaveText(['New leads', 'Sample requests', 'Event captures', 'CRM sync failures']);
  await checkScreen(page, 'notifications-email-column', () => expect(byEmail).toBeVisible(), { fullPage: false });

  // By keyboard: the checkbox takes the focus and Space turns it off.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/notifications/preferences') && r.request().method() === 'PUT');
  await byEmail.focus();
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
  await expect(byEmail).not.toBeChecked();
  await expect(byBrowser).toBeChecked();
  const prefs = (await (await page.request.get('/api/admin/notifications/preferences')).json()) as NotificationPreferences;
  expect(prefs.email).toEqual({ leads: false, samples: true, captures: false, crmFailures: false });
  expect(prefs.leads).toBe(true);

  await page.reload();
  await open();
  await expect(byEmail).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Sample requests by e-mail' })).toBeChecked();
});
