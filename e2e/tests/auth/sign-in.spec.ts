import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { addUser } from '../../support/cli';
import { LoginPage } from '../../pages/login-page';

const EMAIL = 'e2e-signin@example.com';
const PASSWORD = 'a long e2e password';

test('staff sign-in and sign-out - /api/login leads to /login, then /admin, and /api/logout back to /', async ({ page }) => {
  addUser(EMAIL, PASSWORD, 'admin', 'E2E Admin');
  const login = new LoginPage(page);

  await page.goto('/api/login');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin');
  await expect(login.heading()).toBeVisible();
  await expect(page).toHaveTitle('Staff sign in | DirectMailers');

  await login.signIn(EMAIL, 'not the password');
  await expect(login.alert()).toHaveText('Invalid email or password');
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  await login.signIn(EMAIL, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: EMAIL, name: 'E2E Admin', role: 'admin' });

  await page.goto('/api/logout');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('sign-in form - a missing or malformed e-mail is shown on its field before anything is sent', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto('/login');
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) posted = true;
  });
  await login.signIn('not-an-email', '');
  await expect(login.email()).toHaveAttribute('aria-invalid', 'true');
  await expect(login.email()).toHaveAccessibleDescription('Please enter a valid email');
  await expect(login.password()).toHaveAccessibleDescription('Password is required');
  await expect(login.email()).toBeFocused();
  expect(posted).toBe(false);
});

test('sign-in page - looks right on desktop and phone (screenshots)', async ({ page }) => {
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  const login = new LoginPage(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
    await page.goto('/login');
    await login.signIn('someone@example.com', 'not the password');
    await expect(login.alert()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/login-${width}.png`, fullPage: true });
  }
});

test('setup page with a dead link - says so and points to sign-in, and to the Team screen for further accounts', async ({ page }) => {
  await page.goto('/setup?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This setup link cannot be used');
  await expect(page.getByRole('alert')).toContainText('This setup link is not valid');
  await expect(page.getByRole('link', { name: 'sign in here' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Team screen' })).toHaveAttribute('href', '/admin/team');
  await expect(page.locator('body')).not.toContainText('user:add');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: 'test-results/screenshots/setup-dead-375.png', fullPage: true });
});
