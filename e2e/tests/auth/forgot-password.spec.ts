// "Forgot password?" end to end, on a server of the test's own that sends its mail to a local SMTP server
// (api/src/testing/fake-smtp.ts): the same answer for an address without an account (and nothing sent), the link
// read from the inbox, a new password chosen and signed in, the link dead the second time, and the account's other
// session (a second browser signed in before) ended. The page is checked with axe and pictured at 375 and 1280 px.
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { FORGOT_PASSWORD_ANSWER } from '../../../api/src/contract/mail';
import { LoginPage } from '../../pages/login-page';
import { SetPasswordPage } from '../../pages/set-password-page';
import { expectNoSeriousViolations } from '../../support/axe';
import { useMailServer } from '../../support/mail-server';

const EMAIL = 'fay.forgetful@example.com';
const OLD_PASSWORD = 'the password she forgot';
const NEW_PASSWORD = 'a brand new passphrase';

const own = useMailServer({ email: EMAIL, password: OLD_PASSWORD, role: 'admin', name: 'Fay Forgetful' });

// A server of its own, three browsers, axe at two widths: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await own.newContext(browser, { storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

const answer = (page: Page) => page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_ANSWER });

test('"Forgot password?" - the same answer with or without an account; the e-mailed link sets a new password once and ends the other session', async ({ browser }) => {
  // A session of the account on another device, signed in before the password is forgotten.
  const other = await newPage(browser);
  expect((await other.request.post('/api/auth/login', { data: { email: EMAIL, password: OLD_PASSWORD } })).ok()).toBe(true);
  expect((await other.request.get('/api/auth/user')).status()).toBe(200);

  const page = await newPage(browser);
  const login = new LoginPage(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  await expect(page).toHaveTitle('Forgot password | DirectMailers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');

  // Checked before anything is sent, the error tied to the field.
  await login.email().fill('not-an-email');
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(login.email()).toHaveAttribute('aria-invalid', 'true');
  await expect(login.email()).toHaveAccessibleDescription('Please enter a valid email');
  await expect(login.email()).toBeFocused();

  fs.mkdirSync('test-results/screenshots', { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/screenshots/forgot-password-${width}.png`, fullPage: true });
  }

  // An address without an account: the one answer, and nothing is sent.
  await login.email().fill('nobody.here@example.com');
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(answer(page)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/screenshots/forgot-password-answer-${width}.png`, fullPage: true });
  }

  // The account's address: the same answer, word for word; its message is the first (and only) one to arrive.
  await page.goto('/forgot-password');
  await login.email().fill(EMAIL.toUpperCase());
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(answer(page)).toBeVisible();
  const mail = (await own.smtp.waitFor(1, 30_000))[0]!;
  expect(own.smtp.inbox).toHaveLength(1);
  expect(mail.rcptTo).toEqual([EMAIL]);
  const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.parsed.text ?? '')![0]);

  // The link, opened: a new password, signed in.
  const setPassword = new SetPasswordPage(page);
  await page.goto(link.pathname + link.search);
  await expect(setPassword.heading()).toHaveText('Choose a new password');
  await expect(page.getByText('You asked for a new password.')).toBeVisible();
  await expect(setPassword.email()).toHaveValue(EMAIL);
  await setPassword.password().fill(NEW_PASSWORD);
  await setPassword.submit().click();
  await page.waitForURL((url) => url.pathname === '/admin');
  expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({ email: EMAIL });

  // The other device is signed out; the old password no longer works, the new one does.
  expect((await other.request.get('/api/auth/user')).status()).toBe(401);
  expect((await other.request.post('/api/auth/login', { data: { email: EMAIL, password: OLD_PASSWORD } })).status()).toBe(401);

  // The link a second time says it was used.
  const again = await newPage(browser);
  await again.goto(link.pathname + link.search);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('This link cannot be used');
  await expect(again.getByRole('alert')).toHaveText('This link has already been used. Sign in with the password you chose.');

  const fresh = new LoginPage(again);
  await again.goto('/login');
  await fresh.signIn(EMAIL, NEW_PASSWORD);
  await again.waitForURL((url) => url.pathname === '/admin');
});

test('"Forgot password?" asked too often - the server\'s refusal is shown on the form', async ({ browser }) => {
  const page = await newPage(browser);
  const login = new LoginPage(page);
  const address = 'asked.too.often@example.com';
  // Three asks an hour per address are answered; the fourth is refused.
  for (let i = 0; i < 3; i++) expect((await page.request.post('/api/auth/forgot-password', { data: { email: address } })).status()).toBe(202);
  await page.goto('/forgot-password');
  await login.email().fill(address);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(login.alert()).toHaveText('Too many password links asked for. Try again in an hour.');
  await expect(answer(page)).toHaveCount(0);
});
